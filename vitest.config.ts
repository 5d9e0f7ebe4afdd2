import { defineConfig } from 'vitest/config';

// CI collects a JSON report of each run to print one summary line at the end.
const reportDir = process.env.CI_REPORT_DIR;
const reporters = reportDir
  ? [
      'default',
      ['json', { outputFile: `${reportDir}/vitest-${process.env.CI_REPORT_NAME ?? 'unit'}.json` }],
    ]
  : ['default'];

export default defineConfig({
  test: {
    reporters: reporters as never,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The build's own steps (vite plugins, prerender helpers).
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // Lazy pages and Mantine make jsdom renders slow on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
