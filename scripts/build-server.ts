// `npm run build` (after the web app): compiles the server into dist/server so
// `npm start` runs plain JavaScript, without the TypeScript loader (decision 33).
import path from 'node:path';
import { bundleServer } from './server-bundle';

const root = path.resolve(import.meta.dirname, '..');

const started = performance.now();
await bundleServer(
  {
    start: path.join(root, 'scripts/start.ts'),
    seed: path.join(root, 'scripts/seed.ts'),
  },
  path.join(root, 'dist/server'),
);
console.log(`Server compiled into dist/server in ${Math.round(performance.now() - started)} ms`);
