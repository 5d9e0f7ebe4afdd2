import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Config } from '../../config';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/demo-simulation.ts');

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
 * Starts the simulation in a child process (its memory stays out of the
 * server's), talking to the server over HTTP from localhost like any phone.
 * The child ends when this process does (the IPC channel closes).
 */
export function launchDemoSimulation(config: Config): ChildProcess {
  console.log(
    '  Demo simulation: the demo drivers go on shift, drive about Perth and work their jobs. DEMO_SIMULATION=off turns it off.',
  );
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DEMO_SIMULATION_URL: localUrl(config),
      DEMO_SIMULATION_ORIGIN: config.publicUrl,
    },
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`Demo simulation stopped (exit ${code}).`);
  });
  return child;
}
