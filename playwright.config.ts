import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

// Debian's Chromium; Playwright's own browser download cannot work on these machines.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so runs on different ports never delete each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 2,
  // Under CI a failed journey runs once more, and passes only if it passes
  // whole: a journey that fails every time still fails the run. The retry is
  // for these loaded two-core machines, where a page has stopped answering
  // for 15 s now and then (decision 246); the CI summary names each journey
  // that needed it and prints its failed try's trace.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI_REPORT_DIR
    ? [['list'], ['json', { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]]
    : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      // The demo accounts' sessions, for the journeys that start signed in
      // (tests/e2e/support/sessions.ts).
      name: 'sessions',
      testMatch: /sessions\.setup\.ts/,
    },
    {
      name: 'desktop',
      testIgnore: /admin\.spec\.ts/,
      dependencies: ['sessions'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The admin journeys change shared settings (the tariff table): they run
      // after the others so no fare check sees a changed price.
      name: 'admin',
      testMatch: /admin\.spec\.ts/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  // The built app, started the way a user starts it, on a fresh data directory.
  webServer: {
    command: `rm -rf .data-e2e-${PORT} && node scripts/start.mjs`,
    url: `${BASE_URL}/api/health`,
    env: {
      PORT: String(PORT),
      DATA_DIR: `.data-e2e-${PORT}`,
      // Every journey signs in from 127.0.0.1; the per-IP limits are for the internet.
      SIGN_IN_IP_LIMIT: '1000',
      ONLINE_BOOKING_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The journeys move the demo driver themselves; simulated drivers would race them.
      DEMO_SIMULATION: 'off',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
