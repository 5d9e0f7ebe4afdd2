import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { SIMULATED_DRIVER_EMAILS } from '../../db/seed/seed-demo-data';
import { runExclusive } from '../../lib/scheduled-work';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/demo-simulation.ts');

/** Held by the one process that runs the simulation, across every app process on the database. */
export const DEMO_SIMULATION_LOCK = 'demo-simulation';
/** How often a process without the simulation asks again, in case its holder went away. */
const RETRY_MS = 60_000;
/** How long the simulation gets to end its drivers' shifts when the server stops. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * DEMO_SIMULATION: on for the embedded database with its demo data (auto),
 * off on PostgreSQL (a real business's data) unless set to on, never when off.
 */
export function isDemoSimulationWanted(
  config: Pick<Config, 'DEMO_SIMULATION' | 'DATABASE_URL' | 'SEED_DEMO_DATA'>,
): boolean {
  switch (config.DEMO_SIMULATION) {
    case 'on':
      return true;
    case 'off':
      return false;
    case 'auto':
      return !config.DATABASE_URL && config.SEED_DEMO_DATA !== 'never';
    default: {
      const unknown: never = config.DEMO_SIMULATION;
      return unknown;
    }
  }
}

/** Where a process on this machine reaches the server just started. */
function localUrl(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * The simulation's own process (its memory stays out of the server's),
 * talking to the server over HTTP from localhost like any phone. It ends its
 * drivers' shifts and exits when sent { type: 'stop' }, and exits when this
 * process does (the IPC channel closes).
 */
export function spawnDemoSimulation(config: Config): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DEMO_SIMULATION_URL: localUrl(config),
      DEMO_SIMULATION_ORIGIN: config.publicUrl,
    },
  });
}

export type DemoSimulationRunner = {
  /** Whether this process runs the simulation now. */
  isRunning(): boolean;
  /** Asks the simulation to end its drivers' shifts and exit, and waits for it (at most 15 s). */
  stop(): Promise<void>;
};

export type DemoSimulationOptions = {
  /** Starts the simulation's process (tests pass a stand-in). */
  spawnSimulation: () => ChildProcess;
  retryMs?: number;
  stopTimeoutMs?: number;
  log?: (message: string) => void;
};

/**
 * Runs the demo simulation in one process only, however many app processes
 * share the database: the process that holds the shared lock (runExclusive,
 * as scheduled work does) runs it for as long as it holds it; the others ask
 * again every minute, so one takes over if the holder goes away.
 */
export function startDemoSimulation(
  db: Database,
  options: DemoSimulationOptions,
): DemoSimulationRunner {
  const retryMs = options.retryMs ?? RETRY_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? STOP_TIMEOUT_MS;
  const log = options.log ?? ((message: string) => console.log(message));
  let isStopped = false;
  let child: ChildProcess | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt: Promise<void> = Promise.resolve();

  /** Runs the simulation's process until it ends; the lock is held meanwhile. */
  function runChild(): Promise<void> {
    if (isStopped) return Promise.resolve();
    return new Promise((resolve) => {
      const spawned = options.spawnSimulation();
      child = spawned;
      const ended = (code: number | null, signal: NodeJS.Signals | null) => {
        child = null;
        if (!isStopped && (code !== 0 || signal !== null)) {
          log(`Demo simulation stopped (exit ${code ?? signal}); trying again in a minute.`);
        }
        resolve();
      };
      spawned.once('exit', ended);
      spawned.once('error', (error) => {
        log(`Demo simulation could not start: ${error.message}`);
        ended(null, null);
      });
    });
  }

  function tryToRun(): void {
    if (isStopped) return;
    attempt = runExclusive(db, DEMO_SIMULATION_LOCK, runChild)
      .then(() => undefined)
      .catch((error: unknown) => log(`Demo simulation: ${String(error)}`))
      .finally(() => {
        if (isStopped) return;
        retry = setTimeout(tryToRun, retryMs);
        retry.unref();
      });
  }
  tryToRun();

  return {
    isRunning: () => child !== null,
    async stop() {
      isStopped = true;
      clearTimeout(retry);
      const running = child;
      if (running?.connected) running.send({ type: 'stop' });
      const deadline = running
        ? setTimeout(() => running.kill('SIGKILL'), stopTimeoutMs)
        : undefined;
      await attempt;
      clearTimeout(deadline);
    },
  };
}

/** `npm start`'s demo simulation: started once the server listens, stopped before it closes. */
export function launchDemoSimulation(config: Config, db: Database): DemoSimulationRunner {
  console.log(
    `  Demo simulation: ${SIMULATED_DRIVER_EMAILS.join(', ')} go on shift, drive about Perth and work their jobs; driver@demo.test is yours. DEMO_SIMULATION=off turns it off.`,
  );
  return startDemoSimulation(db, { spawnSimulation: () => spawnDemoSimulation(config) });
}
