import { spawn } from 'node:child_process';
import fs from 'node:fs';
import timers from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock';

// The lock waits only through this sleep; the takeover test proves it never does.
const sleep = vi.spyOn(timers, 'setTimeout');

/** Processes racing for one stale lock; CI once saw two of three win before the fix. */
const CONTENDERS = 6;
const LOCK_MODULE = path.resolve(import.meta.dirname, 'data-dir-lock.ts');
const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chauffeur-lock-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another process that takes the lock and keeps it until killed. */
async function holdInChild(dir: string) {
  const script = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
await lockDataDir(${JSON.stringify(dir)});
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
  return child;
}

describe('data directory lock', () => {
  it('refuses a second holder with a clear error, and frees the directory on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another running server/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses while its owner process runs, and takes it over at once after kill -9', async () => {
    const dir = tempDir();
    const holder = await holdInChild(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`(process ${holder.pid})`);

    const exited = new Promise((resolve) => holder.on('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    // The lock file is still there, naming a dead process: taken over, no wait.
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    const sleepsBefore = sleep.mock.calls.length;
    const release = await lockDataDir(dir);
    expect(sleep.mock.calls.length - sleepsBefore).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    await release();
  });

  it('takes over a lock left by a process from before a reboot or with a reused PID', async () => {
    const dir = tempDir();
    const lockPath = path.join(dir, LOCK_FILE_NAME);
    // PID 1 always runs; the boot id says it is another boot's PID 1.
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 1, bootId: 'another-boot', startTime: '1' }));
    const release = await lockDataDir(dir);
    await release();
    // A garbled lock file names nobody: taken over too.
    fs.writeFileSync(lockPath, 'not json');
    const again = await lockDataDir(dir);
    await again();
  });

  it('replaces a stale lock in one step: the directory is never without a lock to race for', async () => {
    // Removing the stale file first left a gap in which one process created
    // its lock and another, still judging under the mutex, deleted it and
    // created its own: both ran on one directory.
    const dir = tempDir();
    const lockPath = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 2 ** 22 + 1 }));
    const removals = vi.spyOn(fs, 'rmSync');
    const unlinks = vi.spyOn(fs, 'unlinkSync');
    try {
      const release = await lockDataDir(dir);
      const removed = [...removals.mock.calls, ...unlinks.mock.calls].map(([target]) => target);
      expect(removed).not.toContain(lockPath);
      expect(JSON.parse(fs.readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      await release();
    } finally {
      removals.mockRestore();
      unlinks.mockRestore();
    }
  });

  it('lets only one of several processes starting at once take a stale lock', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 2 ** 22 + 1 }));
    const script = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
try { await lockDataDir(${JSON.stringify(dir)}); console.log('won'); setInterval(() => {}, 1000); }
catch { console.log('refused'); }`;
    const children: ReturnType<typeof spawn>[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: CONTENDERS }, () => 0).map(
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', '--input-type=module', '-e', script],
              { stdio: ['ignore', 'pipe', 'inherit'] },
            );
            children.push(child);
            // The winner keeps the lock until killed below.
            child.stdout!.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
            child.on('exit', () => resolve('exited'));
          }),
      ),
    );
    for (const child of children) child.kill('SIGKILL');
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(CONTENDERS - 1);
  });
});
