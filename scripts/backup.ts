// `npm run backup`: one archive (.tar.gz) in ./backups (or BACKUP_DIR) with
// the SQL dump and every uploaded file. See README, "Backup and restore".
import path from 'node:path';
import { BackupError, writeBackup } from '../src/server/backup/archive';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

try {
  const config = loadConfig();
  const archive = await writeBackup(config, path.resolve(process.env.BACKUP_DIR ?? 'backups'));
  console.log(`Backup written to ${archive}`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe embedded database is backed up while the server is stopped.`,
    );
  } else if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
  } else {
    throw error;
  }
  process.exit(1);
}
