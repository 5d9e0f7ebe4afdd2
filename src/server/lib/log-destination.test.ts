import { spawn } from 'node:child_process';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { writeWarningsAtOnce } from './log-destination';

const MODULE = new URL('./log-destination.ts', import.meta.url).pathname;

/** A fresh Node process running `body` with a pino logger on stdoutDestination(). */
function spawnLogger(body: string) {
  const script = `
    import pino from 'pino';
    import { stdoutDestination } from ${JSON.stringify(MODULE)};
    const log = pino(stdoutDestination());
    ${body}
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

/** Runs `body` to its end; its exit code and stdout. */
function run(body: string): Promise<{ code: number | null; stdout: string }> {
  const child = spawnLogger(body);
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

describe('the asynchronous stdout log', () => {
  it('writes the lines still buffered when the process exits', async () => {
    const { code, stdout } = await run(`
      for (let i = 0; i < 3; i++) log.info({ n: i }, 'request');
      process.exit(0);
    `);
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).n),
    ).toEqual([0, 1, 2]);
  });

  it('writes them when the process dies of an uncaught error', async () => {
    const { code, stdout } = await run(`
      log.info('last words');
      setTimeout(() => { throw new Error('crash'); });
    `);
    expect(code).not.toBe(0);
    expect(stdout).toContain('"msg":"last words"');
  });

  it('writes a lone line while the process runs on, without waiting for more', async () => {
    // The child logs once and then idles; the line must arrive before it exits.
    const child = spawnLogger(`log.info('idle line'); setInterval(() => {}, 1000);`);
    let stdout = '';
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve();
      }),
    );
    child.kill('SIGKILL');
    expect(stdout).toContain('"msg":"idle line"');
  });
});

describe('writeWarningsAtOnce', () => {
  it('flushes the destination after a warning or an error, not after an info line', () => {
    const written: string[] = [];
    const stream = { write: (line: string) => written.push(line), flush: vi.fn() };
    const log = pino({ hooks: { logMethod: writeWarningsAtOnce(stream) } }, stream);
    log.info('request');
    expect(stream.flush).not.toHaveBeenCalled();
    log.warn('documents stay on this disk');
    expect(stream.flush).toHaveBeenCalledTimes(1);
    log.error('scheduled job failed');
    expect(stream.flush).toHaveBeenCalledTimes(2);
    expect(written.map((line) => JSON.parse(line).msg)).toEqual([
      'request',
      'documents stay on this disk',
      'scheduled job failed',
    ]);
  });
});
