import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI collects a JSON report of each run to print one summary line at the end.
const reportDir = process.env.CI_REPORT_DIR;
const reporters = reportDir
  ? [
      'default',
      ['json', { outputFile: `${reportDir}/vitest-${process.env.CI_REPORT_NAME ?? 'unit'}.json` }],
    ]
  : ['default'];

/**
 * What a server test file may not do, since the server project shares its
 * workers' modules between files: a module replaced, or the environment or a
 * global stubbed, would reach the files after it in the same worker (or miss
 * a module an earlier file loaded, and test nothing). Pass a fake in instead,
 * as the maps tests pass a fetch (decision 109).
 */
const CHANGES_SHARED_MODULES =
  /\bvi\.(?:mock|doMock|unmock|doUnmock|stubEnv|stubGlobal|resetModules)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/;

function refuseServerTestsThatChangeSharedModules(folder: string): void {
  const offenders = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => CHANGES_SHARED_MODULES.test(fs.readFileSync(path.join(folder, file), 'utf8')))
    .map((file) => path.join(folder, file));
  if (offenders.length > 0) {
    throw new Error(
      `${offenders.join(', ')}: server test files share modules (vitest.config.ts, decision 109); ` +
        'pass a fake in instead of vi.mock, vi.stubEnv, vi.stubGlobal or setting process.env.',
    );
  }
}
refuseServerTestsThatChangeSharedModules('src/server');

export default defineConfig({
  test: {
    reporters: reporters as never,
    // Vitest's default leaves one core of CI's two to its main process, which
    // is idle once the files are transformed: a worker per core is faster.
    maxWorkers: os.availableParallelism(),
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
          // A worker imports the app once for all its files instead of once a
          // file (about half of this suite's CPU time); each file still builds
          // its own app on its own database. What a file may not do to shared
          // modules is refused above; fake timers are put back after each file.
          isolate: false,
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 15_000 } },
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
          // expect.poll waits as long as Testing Library's findBy (setup.ts):
          // its default 1 s failed a Reload under a loaded full run.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
