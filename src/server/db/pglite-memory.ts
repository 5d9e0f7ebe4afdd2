/**
 * PostgreSQL memory settings for the embedded database (decision 67).
 *
 * PGlite runs PostgreSQL inside a WebAssembly memory that grows and never
 * shrinks, in the server's own process: every buffer PostgreSQL allocates is
 * resident for the life of the server. Its defaults are a server's
 * (shared_buffers 128 MB, maintenance_work_mem 64 MB), which grew the WASM
 * memory from 128 to 189 MB at open and to more under load. The app's data
 * is tens of MB and the files it reads sit in memory already (in the
 * operating system's cache, or in PGlite's in-memory file system), so a
 * smaller buffer pool costs a copy, not a disk read.
 *
 * - shared_buffers 32 MB: the buffer pool, allocated at start (wal_buffers
 *   follows it: 1/32, 1 MB).
 * - maintenance_work_mem 16 MB: CREATE INDEX (migrations' GIN indexes) and
 *   VACUUM; a larger value only grows the WASM memory for good.
 * - temp_buffers 2 MB: the app uses no temporary tables.
 *
 * work_mem stays at PostgreSQL's 4 MB: sorts that exceed it spill to files.
 */
export const PGLITE_MEMORY_PARAMS: readonly string[] = [
  '-c',
  'shared_buffers=32MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
];
