// Adds up the JSON reports of vitest and Playwright and prints `N passed, N failed`.
// Usage: node scripts/count-results.mjs <folder> <expected report file>...
// An expected report that is missing (its suite crashed before reporting) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir = '.test-reports', ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const file of expected) {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    console.error(`missing report ${full}: that suite did not finish`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(full, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    // vitest: a file that failed to load has no tests but counts as a failure.
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    // Unhandled errors fail the run without failing a test: count them once, so the line agrees.
    if (report.success === false && report.numFailedTests === 0) {
      console.error(`${file}: the run reported errors outside tests`);
      failed += 1;
    }
  } else if (report.stats) {
    // Playwright: flaky tests passed on retry; errors outside tests (e.g. the web server) fail.
    passed += report.stats.expected + report.stats.flaky;
    // Said, not hidden: a journey that needed its retry is a flake to fix.
    if (report.stats.flaky > 0) console.error(`${file}: ${report.stats.flaky} browser journey(s) passed only on their retry (flaky)`);
    failed += report.stats.unexpected + (report.errors?.length ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
