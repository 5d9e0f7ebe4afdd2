// `npm run restore -- <archive>`: puts a backup written by `npm run backup`
// back into the (empty) database and file store the configuration names.
import path from 'node:path';
import { BackupError, restoreBackup } from '../src/server/backup/archive';
import { ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- <backup .tar.gz>');
  process.exit(1);
}
try {
  const config = loadConfig();
  const manifest = await restoreBackup(config, path.resolve(archive));
  console.log(
    `Restored the backup of ${manifest.createdAt}: the database and ${manifest.files} file(s). Start the server as usual.`,
  );
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof BackupError ||
    error instanceof DataDirLockedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
