// Sums the JSON reports of a CI run into the one line CI reads.
import fs from 'node:fs';
import path from 'node:path';

const [dir, seconds] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

/** The titles of a Playwright report's tests that passed only on a retry. */
function flakyTitles(suites, parents = []) {
  return suites.flatMap((suite) => {
    const titles = suite.title ? [...parents, suite.title] : parents;
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.some((test) => test.status === 'flaky')
        ? [[...titles, spec.title].join(' › ')]
        : [],
    );
    return [...own, ...flakyTitles(suite.suites ?? [], titles)];
  });
}
for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if (report.numPassedTests !== undefined) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    flaky.push(...flakyTitles(report.suites ?? []));
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.flaky} passed only on a retry, ${report.stats.unexpected} failed`,
    );
  }
}
console.log(`CI finished in ${seconds} s`);
// A retry hides nothing: each browser journey that needed one is named, and
// its failed try's trace was printed with the tests (scripts/test-e2e.ts).
for (const title of flaky) console.log(`passed only on a retry: ${title}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
