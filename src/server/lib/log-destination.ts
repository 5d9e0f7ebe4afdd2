import pino, { type LogFn, type Logger } from 'pino';

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

/**
 * pino's `logMethod` hook for a buffered destination: a warning or an error
 * is written at once, not with the next 4 kB of request lines or a second
 * later. Operators and the start-up checks read those as they happen (the
 * start-up warnings, a failed scheduled job); in order, since `flush` writes
 * what is buffered before it.
 */
export function writeWarningsAtOnce(stream: { flush?: () => void }) {
  return function logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
    method.apply(this, args);
    if (level >= pino.levels.values.warn! && typeof stream.flush === 'function') stream.flush();
  };
}
