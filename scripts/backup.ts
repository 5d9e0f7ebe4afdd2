// `npm run backup`: writes a SQL dump of the database to ./backups (or BACKUP_DIR).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { ConfigError, loadConfig } from '../src/server/config';
import { connectPglite } from '../src/server/db/connect';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
})();

const dir = path.resolve(process.env.BACKUP_DIR ?? 'backups');
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `chauffeur-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`);

if (config.DATABASE_URL) {
  const result = spawnSync('pg_dump', ['--no-owner', '--file', file, config.DATABASE_URL], {
    stdio: 'inherit',
  });
  if (result.error || result.status !== 0) {
    console.error('pg_dump failed; is the PostgreSQL client (pg_dump) installed?');
    process.exit(1);
  }
} else {
  try {
    const connection = await connectPglite(config.dataDir);
    const dump = await pgDump({ pg: connection.pglite!, fileName: path.basename(file) });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await connection.close();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe embedded database is dumped while the server is stopped.`,
      );
      process.exit(1);
    }
    throw error;
  }
}
console.log(`Backup written to ${file}`);
