// `npm start`: builds the web app if it is missing, then starts the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/server/config';
import {
  isDemoSimulationWanted,
  launchDemoSimulation,
} from '../src/server/features/demo-simulation/launch';

const root = path.resolve(import.meta.dirname, '..');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app (first start)...');
  // In a child process: Vite sets NODE_ENV=production for its build, which
  // must not leak into the server's configuration.
  const steps = [
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    ['--import', 'tsx', path.join(root, 'scripts/prerender.ts')],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('Building the web app failed.');
      process.exit(1);
    }
  }
}

// A new embedded database gets its demo data from a child process: PGlite's
// WASM heap grows while the seed writes and never gives memory back, so the
// server then opens the seeded database on a fresh heap (about 295 MB
// resident with decision 67's memory settings, instead of 560-990 MB).
let seededBefore = false;
if (
  !config.DATABASE_URL &&
  config.SEED_DEMO_DATA !== 'never' &&
  !fs.existsSync(path.join(config.dataDir, 'pgdata'))
) {
  console.log('Loading demo data into the new embedded database...');
  // Compiled (dist/server/start.js, see scripts/build-server.ts): the compiled seed beside it.
  const compiledSeed = path.join(root, 'dist/server/seed.js');
  const seed =
    import.meta.url.endsWith('.js') && fs.existsSync(compiledSeed)
      ? [compiledSeed]
      : ['--import', 'tsx', path.join(root, 'scripts/seed.ts')];
  const result = spawnSync(process.execPath, seed, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Loading the demo data failed.');
    process.exit(1);
  }
  seededBefore = true;
}

const { main } = await import('../src/server/server');
const server = await main({ seededBefore });

// Demo drivers that move, in their own process, once the server listens; on
// a signal they end their shifts before the server stops answering.
if (isDemoSimulationWanted(config)) {
  const simulation = launchDemoSimulation(config, server.app.db);
  server.beforeClose(() => simulation.stop());
}
