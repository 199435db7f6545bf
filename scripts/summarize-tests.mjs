// Prints one closing line for the whole run: "N passed, N failed" (", N skipped").
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = '.tmp/results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else {
  failed += 1;
  console.error('No unit/integration results were written.');
}

// The cluster fault tests run only with PostgreSQL; their results count when they ran.
const cluster = '.tmp/results/cluster.json';
if (existsSync(cluster)) {
  const report = JSON.parse(readFileSync(cluster, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const e2e = '.tmp/results/e2e.json';
if (existsSync(e2e)) {
  const report = JSON.parse(readFileSync(e2e, 'utf8'));
  passed += report.stats?.expected ?? 0;
  failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
  skipped += report.stats?.skipped ?? 0;
  failed += (report.errors ?? []).length;
} else {
  failed += 1;
  console.error('No end-to-end results were written.');
}

// A failed step that is not a test runner (static checks, build) counts as a failure too.
const failedSteps = Number(process.env.FAILED_STEPS ?? 0);
if (failedSteps > 0) console.error(`${failedSteps} step(s) failed; see the output above.`);
failed += failedSteps;

console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
