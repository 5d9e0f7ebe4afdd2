import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import type { Connection } from '../../db/connect';
import { connectSameDatabase, createTestConnection } from '../../test/test-app';
import { isDemoSimulationWanted, startDemoSimulation } from './launch';

const config = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/demo-simulation-config', ...env });

describe('DEMO_SIMULATION', () => {
  it('runs by default on the embedded database with its demo data', () => {
    expect(isDemoSimulationWanted(config({}))).toBe(true);
  });

  it('is off on PostgreSQL, without demo data, or when set off', () => {
    expect(isDemoSimulationWanted(config({ DATABASE_URL: 'postgres://h/db' }))).toBe(false);
    expect(isDemoSimulationWanted(config({ SEED_DEMO_DATA: 'never' }))).toBe(false);
    expect(isDemoSimulationWanted(config({ DEMO_SIMULATION: 'off' }))).toBe(false);
  });

  it('can be turned on for PostgreSQL', () => {
    const wanted = config({ DATABASE_URL: 'postgres://h/db', DEMO_SIMULATION: 'on' });
    expect(isDemoSimulationWanted(wanted)).toBe(true);
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => config({ DEMO_SIMULATION: 'yes' })).toThrow(/DEMO_SIMULATION/);
  });
});

/** The simulation's process as the runner sees it: told to stop, it ends its shifts and exits. */
class FakeSimulation extends EventEmitter {
  connected = true;
  messages: unknown[] = [];
  killedWith: string | null = null;
  constructor(private readonly onStop: 'exit' | 'ignore' = 'exit') {
    super();
  }
  send(message: unknown) {
    this.messages.push(message);
    if (this.onStop === 'exit') setImmediate(() => this.exit(0));
    return true;
  }
  kill(signal: string) {
    this.killedWith = signal;
    setImmediate(() => this.exit(null, signal));
    return true;
  }
  exit(code: number | null, signal: string | null = null) {
    this.connected = false;
    this.emit('exit', code, signal);
  }
}

function spawner(make: () => FakeSimulation = () => new FakeSimulation()) {
  const spawned: FakeSimulation[] = [];
  return {
    spawned,
    spawnSimulation: () => {
      const child = make();
      spawned.push(child);
      return child as unknown as ChildProcess;
    },
  };
}

const quiet = { log: () => undefined };

describe('the demo simulation runner', () => {
  let connection: Connection;
  /** What a second app process on the same database has: its own pool on PostgreSQL. */
  let other: Connection;

  beforeAll(async () => {
    connection = await createTestConnection();
    // PGlite is one process by design: a second runner shares its connection.
    other = connection.kind === 'postgres' ? await connectSameDatabase(connection) : connection;
  });
  afterAll(async () => {
    if (other !== connection) await other.close();
    await connection.close();
  });

  it('runs the simulation in one process only, and another takes over when it stops', async () => {
    const first = spawner();
    const second = spawner();
    const a = startDemoSimulation(connection.db, { ...first, retryMs: 10, ...quiet });
    await vi.waitFor(() => expect(first.spawned).toHaveLength(1));
    const b = startDemoSimulation(other.db, { ...second, retryMs: 10, ...quiet });
    // Give the second process several tries at the lock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.spawned).toHaveLength(0);
    expect(a.isRunning()).toBe(true);
    expect(b.isRunning()).toBe(false);

    await a.stop();
    expect(first.spawned[0]!.messages).toEqual([{ type: 'stop' }]);
    await vi.waitFor(() => expect(second.spawned).toHaveLength(1));
    expect(b.isRunning()).toBe(true);
    await b.stop();
    expect(first.spawned).toHaveLength(1);
  });

  it('waits on stop for the simulation to end its drivers’ shifts and exit', async () => {
    const children = spawner();
    const runner = startDemoSimulation(connection.db, { ...children, ...quiet });
    await vi.waitFor(() => expect(children.spawned).toHaveLength(1));
    let hasExited = false;
    children.spawned[0]!.once('exit', () => (hasExited = true));
    await runner.stop();
    expect(hasExited).toBe(true);
    expect(children.spawned[0]!.killedWith).toBeNull();
  });

  it('kills a simulation that does not exit in time', async () => {
    const children = spawner(() => new FakeSimulation('ignore'));
    const runner = startDemoSimulation(connection.db, {
      ...children,
      stopTimeoutMs: 20,
      ...quiet,
    });
    await vi.waitFor(() => expect(children.spawned).toHaveLength(1));
    await runner.stop();
    expect(children.spawned[0]!.killedWith).toBe('SIGKILL');
  });

  it('starts a simulation that crashed again, saying so', async () => {
    const log: string[] = [];
    const children = spawner(() => {
      const child = new FakeSimulation();
      if (children.spawned.length === 0) setImmediate(() => child.exit(1));
      return child;
    });
    const runner = startDemoSimulation(connection.db, {
      ...children,
      retryMs: 10,
      log: (message) => log.push(message),
    });
    await vi.waitFor(() => expect(children.spawned).toHaveLength(2));
    expect(log).toEqual(['Demo simulation stopped (exit 1); trying again in a minute.']);
    await runner.stop();
  });
});
