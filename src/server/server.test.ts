import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/server-process';

const BACKUP_SCRIPT = path.resolve(import.meta.dirname, '../../scripts/backup.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-server-'));
const children: ChildProcess[] = [];

function startServer(): ServerProcess {
  const server = startServerProcess({ DATABASE_URL: '', DATA_DIR: dataDir });
  children.push(server.child);
  return server;
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('refuses a second server on the same data directory with a clear error', async () => {
    const first = startServer();
    const url = await first.ready;
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another running server/);

    // SIGTERM checkpoints, closes and releases the lock: a new server starts.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const third = startServer();
    await third.ready;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('dumps the stopped database into the npm run backup archive', async () => {
    const backupDir = path.join(dataDir, 'backups');
    const backup = spawn(process.execPath, ['--import', 'tsx', BACKUP_SCRIPT], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_DIR: backupDir },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => backup.on('exit', resolve))).toBe(0);
    const [file] = fs.readdirSync(backupDir);
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-backup-'));
    await tar.extract({ file: path.join(backupDir, file!), cwd: unpacked });
    const dump = fs.readFileSync(path.join(unpacked, 'database.sql'), 'utf8');
    expect(dump).toContain('CREATE TABLE public.bookings');
    expect(dump).toContain('CREATE TABLE public.user_profiles');
  }, 60_000);
});
