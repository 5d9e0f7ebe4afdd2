// Builds the app, writes its OpenAPI description, and checks it as an
// integrator would: Redocly CLI's recommended rules (0 errors), then a
// TypeScript client generated with openapi-typescript that a small script
// calling the API must type-check against. KEEP_OPENAPI_CHECK=1 keeps the
// temporary folder (openapi.json, api-schema.d.ts) for a look.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { PGLITE_EXTENSIONS, wrapPglite } from '../src/server/db/connect';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const SECRET = 'openapi-check-secret-at-least-32-characters';

/** The description exactly as /api/docs/json serves it, with the web app's routes registered too. */
async function writeOpenApi(file: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-app-'));
  // A stand-in build, so the static and SPA routes exist and must stay out of the description.
  const webRoot = path.join(work, 'web');
  fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title>');
  const connection = wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  try {
    await connection.migrate();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(work, 'data'),
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: SECRET,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, connection, authSecret: SECRET, webRoot });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (response.statusCode !== 200) {
        throw new Error(`GET /api/docs/json answered ${response.statusCode}: ${response.body}`);
      }
      fs.writeFileSync(file, JSON.stringify(JSON.parse(response.body), null, 2));
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function run(step: string, command: string, args: string[]): void {
  console.log(`\n-- ${step}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`openapi-check: ${step} failed`);
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-check-'));
try {
  const spec = path.join(out, 'openapi.json');
  await writeOpenApi(spec);
  console.log(`Wrote ${spec}`);
  run('Redocly lint (recommended rules, 0 errors)', bin('redocly'), [
    'lint',
    spec,
    '--extends',
    'recommended',
    '--format',
    'stylish',
  ]);

  run('openapi-typescript: a TypeScript client from the description', bin('openapi-typescript'), [
    spec,
    '--output',
    path.join(out, 'api-schema.d.ts'),
  ]);

  // scripts/api-client/example.ts imports './api-schema': rootDirs lets it
  // find the generated file here, and openapi-fetch from the project.
  const exampleDir = path.join(root, 'scripts/api-client');
  fs.writeFileSync(
    path.join(out, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(root, 'tsconfig.json'),
      compilerOptions: {
        rootDirs: [exampleDir, out],
        typeRoots: [path.join(root, 'node_modules/@types')],
        types: ['node'],
      },
      include: [],
      files: [path.join(exampleDir, 'example.ts'), path.join(out, 'api-schema.d.ts')],
    }),
  );
  run('type-check scripts/api-client/example.ts against the generated client', bin('tsc'), [
    '--noEmit',
    '-p',
    path.join(out, 'tsconfig.json'),
  ]);
  console.log('\nopenapi-check: the description lints clean and the generated client type-checks');
} finally {
  if (!process.env.KEEP_OPENAPI_CHECK) fs.rmSync(out, { recursive: true, force: true });
}
