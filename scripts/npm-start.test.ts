import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { watchServer } from '../src/server/test/server-process';

const root = path.resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];
/** npm's process group, killed whole after the test: a server left behind by a failure too. */
let group: number | undefined;

afterEach(() => {
  if (group !== undefined) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Every process of the group has exited.
    }
    group = undefined;
  }
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The README promises that a SIGTERM to `npm start` closes the app (the
 * simulated drivers end their shifts first). npm passes the signal to its
 * script's process only: when that was a shell running node, the shell died
 * and the server kept serving (a tester found it still answering).
 */
it('stops the server when npm start gets a SIGTERM', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  dataDirs.push(dataDir);
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO_DATA: 'never',
      DEMO_SIMULATION: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  group = npm.pid;
  const { ready, exited } = watchServer(npm, 'npm start');
  const url = await ready;
  expect((await fetch(`${url}/api/health`)).status).toBe(200);

  npm.kill('SIGTERM');
  await exited;
  // It may finish its shutdown (the simulated drivers' shifts) after npm has
  // gone; within 30 s nothing may answer any more.
  const deadline = Date.now() + 30_000;
  let answering = true;
  while (answering && Date.now() < deadline) {
    answering = await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
    if (answering) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(answering, 'the server still answers after npm start got a SIGTERM').toBe(false);
}, 120_000);
