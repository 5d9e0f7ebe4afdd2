import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner?: number) {
    super(
      `The data directory ${dataDir} is in use by another running server` +
        `${owner ? ` (process ${owner})` : ''}. ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Who holds the lock: enough to tell whether that process still runs. */
type Owner = { pid: number; bootId: string | null; startTime: string | null };

export const LOCK_FILE_NAME = 'server.lock';
const TAKEOVER_SUFFIX = '.takeover';
/** A take-over mutex older than this was left by a process that died inside it. */
const TAKEOVER_STALE_MS = 5000;

/** Directories this process holds: a second lock here is refused, not taken over. */
const heldHere = new Set<string>();

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Linux: changes on every boot, so a lock from before a reboot is stale. */
function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id');
}

/** Linux: when the process started (clock ticks since boot), to detect a reused PID. */
function startTimeOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 2 (the command) may contain spaces and parentheses: count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function currentOwner(): Owner {
  return { pid: process.pid, bootId: bootId(), startTime: startTimeOf(process.pid) };
}

function parseOwner(text: string | null): Owner | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) {
      return null;
    }
    return {
      pid: value.pid,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether the process named in a lock still runs. A PID that is gone, one
 * from before a reboot, one now used by another process (another start
 * time), or our own PID (a previous life of this process, in a container
 * that reuses PIDs) all mean the owner died.
 */
export function ownerIsAlive(owner: Owner): boolean {
  if (owner.pid === process.pid) return false;
  const boot = bootId();
  if (owner.bootId && boot && owner.bootId !== boot) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTimeOf(owner.pid);
  if (owner.startTime && started && owner.startTime !== started) return false;
  return true;
}

/** Creates the lock file whole, or fails with EEXIST (link is atomic). */
function tryCreate(lockPath: string, owner: Owner): boolean {
  const temporary = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(owner));
  try {
    fs.linkSync(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Removes a lock whose owner died, under a mutex (mkdir is atomic) so two
 * processes starting at once cannot both judge it stale and both take it.
 * Returns false when another process is taking it over right now.
 */
function removeStaleLock(lockPath: string): boolean {
  const mutex = `${lockPath}${TAKEOVER_SUFFIX}`;
  try {
    fs.mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (fs.statSync(mutex, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age > TAKEOVER_STALE_MS) fs.rmSync(mutex, { recursive: true, force: true });
    return false;
  }
  try {
    // Judge again under the mutex: someone may have taken it over meanwhile.
    const owner = parseOwner(readText(lockPath));
    if (owner && ownerIsAlive(owner)) return false;
    fs.rmSync(lockPath, { force: true });
    return true;
  } finally {
    fs.rmSync(mutex, { recursive: true, force: true });
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one directory
 * corrupt it. We hold a lock file naming our process for as long as the
 * database is open. A lock whose process is gone (kill -9, a crash, a power
 * cut) is taken over at once, so a supervisor that restarts the server
 * straight away succeeds; a lock whose process still runs is refused.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const directory = path.resolve(dataDir);
  const lockPath = path.join(directory, LOCK_FILE_NAME);
  if (heldHere.has(directory)) throw new DataDirLockedError(dataDir, process.pid);
  const me = currentOwner();
  // A few rounds: another process may be taking over the same stale lock.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (tryCreate(lockPath, me)) {
      heldHere.add(directory);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldHere.delete(directory);
        // Only our own lock is removed.
        if (parseOwner(readText(lockPath))?.pid === me.pid) fs.rmSync(lockPath, { force: true });
      };
    }
    const text = readText(lockPath);
    const owner = parseOwner(text);
    if (owner && ownerIsAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    if (text === null) continue; // Removed between our attempt and the read: try again.
    if (!removeStaleLock(lockPath)) await sleep(20);
  }
  throw new DataDirLockedError(dataDir);
}
