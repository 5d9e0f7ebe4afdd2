import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');

export type ServerProcess = {
  child: ChildProcess;
  /** The server's address once it printed its banner. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
  /** kill -9: no clean-up, as a crash or a pulled plug. */
  kill9(): Promise<void>;
  /** SIGTERM: checkpoint, close, release. */
  stop(): Promise<void>;
};

/**
 * What a started server process says: its address once it printed its
 * banner ('running at http://...'), its exit, and all it wrote. `ready` is
 * refused, naming `what` and the output, if it exits first; a server
 * expected to fail is awaited through `exited`.
 */
export function watchServer(
  child: ChildProcess,
  what: string,
): { ready: Promise<string>; exited: Promise<number | null>; output: () => string } {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`${what} exited ${code} before serving: ${output}`));
    });
  });
  ready.catch(() => undefined);
  return { ready, exited, output: () => output };
}

/**
 * A real server process, started as `npm start` starts it (node --import
 * tsx src/server/server.ts) on a free port, with the given environment.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      PORT: '0',
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { ready, exited, output } = watchServer(child, 'server');
  return {
    child,
    ready,
    exited,
    output,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A port nobody listens on right now, for a server that must know its own address. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
