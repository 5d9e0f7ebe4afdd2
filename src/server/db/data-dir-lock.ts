import fs from 'node:fs';
import path from 'node:path';
// Called through the module object, so a test can count the waits with
// vi.spyOn (server test files share modules: no vi.mock, vitest.config.ts).
import timers from 'node:timers/promises';

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

function writeTemporary(lockPath: string, owner: Owner): string {
  const temporary = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(owner));
  return temporary;
}

/** Creates the lock file whole, or fails with EEXIST (link is atomic). */
function tryCreate(lockPath: string, owner: Owner): boolean {
  const temporary = writeTemporary(lockPath, owner);
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

/** A take-over mutex left by a process that died inside it is broken; a live one is waited for. */
function breakStaleMutex(mutex: string): void {
  const stat = fs.statSync(mutex, { throwIfNoEntry: false });
  // Gone already: its holder finished, so the next round may take it.
  if (!stat || Date.now() - stat.mtimeMs <= TAKEOVER_STALE_MS) return;
  fs.rmSync(mutex, { recursive: true, force: true });
}

type Takeover = { taken: true } | { taken: false; owner?: Owner };

/**
 * Takes over a lock whose owner died, under a mutex (mkdir is atomic). The
 * stale file is replaced by ours in one rename, never removed first: while
 * any lock file exists no process can create one outside the mutex, so two
 * processes starting at once cannot both end up holding it. (Removing it
 * first let one process create its lock in the gap and another, still in
 * the mutex, delete that lock and create its own.)
 */
function takeOverStaleLock(lockPath: string, me: Owner): Takeover {
  const mutex = `${lockPath}${TAKEOVER_SUFFIX}`;
  try {
    fs.mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    breakStaleMutex(mutex);
    return { taken: false };
  }
  try {
    // Judge again under the mutex: someone may have taken it over meanwhile.
    const text = readText(lockPath);
    // No lock at all: create it as anyone would, outside the mutex or in it.
    if (text === null) return { taken: tryCreate(lockPath, me) };
    const owner = parseOwner(text);
    if (owner && ownerIsAlive(owner)) return { taken: false, owner };
    const temporary = writeTemporary(lockPath, me);
    try {
      fs.renameSync(temporary, lockPath);
    } catch (error) {
      fs.rmSync(temporary, { force: true });
      throw error;
    }
    return { taken: true };
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
  const hold = () => {
    heldHere.add(directory);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      heldHere.delete(directory);
      // Only our own lock is removed.
      if (parseOwner(readText(lockPath))?.pid === me.pid) fs.rmSync(lockPath, { force: true });
    };
  };
  // A few rounds: another process may be taking over the same stale lock.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (tryCreate(lockPath, me)) return hold();
    const text = readText(lockPath);
    const owner = parseOwner(text);
    if (owner && ownerIsAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
    if (text === null) continue; // Removed between our attempt and the read: try again.
    const takeover = takeOverStaleLock(lockPath, me);
    if (takeover.taken) return hold();
    if (takeover.owner) throw new DataDirLockedError(dataDir, takeover.owner.pid);
    await timers.setTimeout(20);
  }
  throw new DataDirLockedError(dataDir);
}
