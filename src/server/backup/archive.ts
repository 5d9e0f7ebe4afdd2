import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';
import type { Config } from '../config';
import { connectPglite } from '../db/connect';
// The backup holds the uploaded files too, read and written through the store the app uses.
import { fileStoreFor } from '../features/documents/file-store';

/**
 * One backup archive (`npm run backup`): a .tar.gz holding
 *   manifest.json   what it holds and where it came from
 *   database.sql    the SQL dump (pg_dump, or PGlite's own pg_dump)
 *   files/<key>     every uploaded file ($DATA_DIR/files, or the S3 bucket's objects)
 * `npm run restore` puts it back into an empty database and file store.
 */
const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  fileStore: z.enum(['local', 's3']),
  files: z.number().int().min(0),
});
export type Manifest = z.infer<typeof ManifestSchema>;

const DUMP = 'database.sql';
const MANIFEST = 'manifest.json';
const FILES = 'files';

/** A refusal the command line prints as it is (no stack trace). */
export class BackupError extends Error {
  override name = 'BackupError';
}

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'chauffeur-backup-'));
  try {
    return await fn(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], what: string): void {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error || result.status !== 0) {
    throw new BackupError(`${what} failed; is the PostgreSQL client (${command}) installed?`);
  }
}

async function dumpDatabase(config: Config, file: string): Promise<void> {
  if (config.DATABASE_URL) {
    run('pg_dump', ['--no-owner', '--file', file, config.DATABASE_URL], 'pg_dump');
    return;
  }
  // Locks the data directory: refused while the server runs (DataDirLockedError).
  const connection = await connectPglite(config.dataDir);
  try {
    const dump = await pgDump({ pg: connection.pglite!, fileName: DUMP });
    await fsp.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await connection.close();
  }
}

/** Writes one archive into `dir` and returns its path. */
export async function writeBackup(config: Config, dir: string, now = new Date()): Promise<string> {
  await fsp.mkdir(dir, { recursive: true });
  const archive = path.join(dir, `chauffeur-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  await withTempDir(async (work) => {
    await dumpDatabase(config, path.join(work, DUMP));
    const store = fileStoreFor(config);
    await fsp.mkdir(path.join(work, FILES));
    let files = 0;
    for await (const key of store.keys()) {
      const body = await store.open(key);
      if (!body) continue;
      await pipeline(body, fs.createWriteStream(path.join(work, FILES, key)));
      files += 1;
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: config.databaseKind,
      fileStore: store.kind,
      files,
    };
    await fsp.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2));
    await tar.create({ gzip: true, file: archive, cwd: work, portable: true }, [
      MANIFEST,
      DUMP,
      FILES,
    ]);
  });
  return archive;
}

/** psql's own commands (`\restrict key` in recent pg_dump output), which only psql reads. */
const PSQL_META_LINE = /^\\(un)?restrict [A-Za-z0-9]+$/gm;

async function assertEmptyTarget(config: Config): Promise<void> {
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ tables: number }>(
        `select count(*)::int as tables from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if (rows[0]!.tables > 0) {
        throw new BackupError(
          'The database in DATABASE_URL is not empty: restore into a new, empty database.',
        );
      }
    } finally {
      await client.end();
    }
  } else if (fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
    throw new BackupError(
      `${config.dataDir} already holds a database: restore into a new, empty DATA_DIR.`,
    );
  }
  const first = await fileStoreFor(config).keys()[Symbol.asyncIterator]().next();
  if (!first.done) {
    throw new BackupError('The file store already holds files: restore into an empty one.');
  }
}

async function restoreDatabase(config: Config, file: string): Promise<void> {
  if (config.DATABASE_URL) {
    run(
      'psql',
      [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '--single-transaction',
        '-f',
        file,
        config.DATABASE_URL,
      ],
      'psql',
    );
    return;
  }
  const connection = await connectPglite(config.dataDir);
  try {
    const sql = (await fsp.readFile(file, 'utf8')).replace(PSQL_META_LINE, '');
    await connection.pglite!.exec(sql);
  } catch (error) {
    await connection.close();
    // Half a database is worse than none: the next attempt starts clean.
    await fsp.rm(path.join(config.dataDir, 'pgdata'), { recursive: true, force: true });
    throw error;
  }
  await connection.close();
}

/**
 * Restores an archive into the database and file store the configuration
 * names, both of which must be empty; the database must be of the kind the
 * backup came from (PGlite's dump and a PostgreSQL server's differ).
 */
export async function restoreBackup(config: Config, archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`No such backup: ${archive}`);
  return withTempDir(async (work) => {
    // tar refuses absolute paths and '..' in entries, so nothing lands outside `work`.
    await tar.extract({ file: archive, cwd: work, strict: true });
    const manifest = ManifestSchema.safeParse(
      JSON.parse(await fsp.readFile(path.join(work, MANIFEST), 'utf8').catch(() => 'null')),
    );
    if (!manifest.success || !fs.existsSync(path.join(work, DUMP))) {
      throw new BackupError(`${archive} is not a backup written by npm run backup.`);
    }
    if (manifest.data.database !== config.databaseKind) {
      throw new BackupError(
        `This backup is of ${manifest.data.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}: restore it into the same kind (${manifest.data.database === 'pglite' ? 'unset DATABASE_URL' : 'set DATABASE_URL'}).`,
      );
    }
    await assertEmptyTarget(config);
    await restoreDatabase(config, path.join(work, DUMP));
    const store = fileStoreFor(config);
    const keys = await fsp.readdir(path.join(work, FILES)).catch(() => []);
    for (const key of keys) {
      await store.restore(key, fs.createReadStream(path.join(work, FILES, key)));
    }
    return manifest.data;
  });
}
