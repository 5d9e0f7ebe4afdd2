// `npm run test:e2e`: builds the web app (not with E2E_SKIP_BUILD=1, which CI
// sets after its build step), then runs Playwright in Debian's Chromium.
// Without Chromium the browser tests are skipped with a message, except under
// CI, where a missing browser fails the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { printTraceDigests } from './e2e-trace-digest';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: install it with 'apt-get install -y chromium'.`;
  if (process.env.CI) {
    console.error(`${message} CI needs the browser tests.`);
    process.exit(1);
  }
  console.warn(`${message} Browser tests skipped.`);
  process.exit(0);
}

const run = (command: string, args: string[]) =>
  spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  }).status ?? 1;

// CI builds once, in its own build step, and says so here; any other run builds.
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = run('npm', ['run', 'build', '--silent']);
  if (build !== 0) process.exit(build);
}
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
// A failure's trace, in words: CI keeps no files, so the log must say what
// happened, also of a try that failed before its retry passed. The output
// folder is playwright.config.ts's: test-results/<port>, emptied by each run.
printTraceDigests(`test-results/${process.env.E2E_PORT ?? 3100}`);
process.exit(status);
