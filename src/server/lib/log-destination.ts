import pino from 'pino';

/**
 * Where the server's log goes when no stream is given: stdout, written
 * asynchronously. A synchronous write to stdout per request line was about
 * an eighth of a health check's time. pino's asynchronous destination gathers
 * lines up to 4 kB (about 20 request lines) or for at most a second, writes
 * without blocking, and writes what is left synchronously when the process
 * exits (process.exit, a signal's shutdown, an uncaught error): pino registers
 * that itself for a destination made with `sync: false`. Only a kill -9 or a
 * power cut can lose the last second of lines.
 */
export function stdoutDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
