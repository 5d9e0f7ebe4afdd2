// `npm start`: builds the web app if it is missing, then starts the server.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config';

const root = path.resolve(import.meta.dirname, '..');

try {
  loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app (first start)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const { main } = await import('../src/server/server');
await main();
