import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isDemoSimulationWanted } from './launch';

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
