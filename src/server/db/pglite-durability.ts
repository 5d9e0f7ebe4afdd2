import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_MEMORY_PARAMS } from './pglite-memory';

/**
 * How the embedded database writes to disk.
 *
 * - `relaxed` (PGlite's default): PostgreSQL runs with fsync off. A commit is
 *   written to the operating system before it is acknowledged, so a crash of
 *   the process (kill -9, out of memory) loses nothing; a power cut or a
 *   kernel crash can lose the commits of the last seconds that the system had
 *   not yet flushed (Linux flushes within about 30 s), and one during a
 *   checkpoint can leave the database unreadable (then restore a backup).
 * - `strict`: PostgreSQL's own durability. Every commit is fsynced before it
 *   is acknowledged and checkpoints fsync the data files, as on a PostgreSQL
 *   server with its default settings, at the cost of one fsync per commit.
 */
export type PgliteDurability = 'relaxed' | 'strict';

/** PGlite's default start parameters, which its `startParams` option replaces. */
function defaultStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!Array.isArray(defaults) || !defaults.includes('-F')) {
    throw new Error('This PGlite version starts PostgreSQL differently: see pglite-durability.ts.');
  }
  return defaults;
}

/** PGlite's default start parameters minus `-F` (fsync off). */
function startParamsWithFsync(): string[] {
  return [
    ...defaultStartParams().filter((parameter) => parameter !== '-F'),
    // fdatasync is a no-op in PGlite's file system layer; fsync reaches the disk (below).
    '-c',
    'wal_sync_method=fsync',
  ];
}

/**
 * Options to open the embedded database with, for the chosen durability,
 * with the app's memory settings (pglite-memory.ts).
 */
export function pgliteDurabilityOptions(durability: PgliteDurability): Partial<PGliteOptions> {
  const base = durability === 'strict' ? startParamsWithFsync() : defaultStartParams();
  return { startParams: [...base, ...PGLITE_MEMORY_PARAMS] };
}

type EmscriptenStream = { nfd?: number };
type EmscriptenModule = {
  NODEFS?: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
  FS?: { ErrnoError: new (errno: number) => Error };
};

/** Emscripten's errno for EIO: PostgreSQL treats a failed fsync as fatal. */
const EIO = 29;

/**
 * PGlite keeps its files on the real disk through Emscripten's NODEFS, whose
 * files have no fsync: PostgreSQL's fsync calls end there. In strict mode
 * each one becomes a real fsync of the file, then a checkpoint makes what
 * the start wrote durable too.
 */
export async function applyPgliteDurability(
  client: PGlite,
  durability: PgliteDurability,
): Promise<void> {
  if (durability !== 'strict') return;
  const module = (client as unknown as { Module?: EmscriptenModule }).Module;
  const streamOps = module?.NODEFS?.stream_ops;
  const ErrnoError = module?.FS?.ErrnoError;
  if (!streamOps || !ErrnoError) {
    throw new Error('PGLITE_DURABILITY=strict: this PGlite version has no file system to sync.');
  }
  streamOps.fsync = (stream) => {
    if (typeof stream.nfd !== 'number') return 0;
    try {
      fs.fsyncSync(stream.nfd);
    } catch {
      throw new ErrnoError(EIO);
    }
    return 0;
  };
  const [fsync] = (await client.query<{ fsync: string }>('show fsync')).rows;
  if (fsync?.fsync !== 'on') throw new Error('PGLITE_DURABILITY=strict: fsync did not turn on.');
  await client.query('CHECKPOINT');
}
