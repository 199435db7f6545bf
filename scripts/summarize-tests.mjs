// Prints one closing line for the whole run: "N passed, N failed" (", N skipped").
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

const counts = {
  vitest(report) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  },
  playwright(report) {
    passed += report.stats?.expected ?? 0;
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    skipped += report.stats?.skipped ?? 0;
    failed += (report.errors ?? []).length;
  },
};

/** Adds a runner's report; a missing report of a step that always runs is a failure. */
function add(file, kind, always, what) {
  if (existsSync(file)) {
    counts[kind](JSON.parse(readFileSync(file, 'utf8')));
  } else if (always) {
    failed += 1;
    console.error(`No ${what} results were written.`);
  }
}

add('.tmp/results/vitest.json', 'vitest', true, 'unit/integration');
// The cluster steps run only with PostgreSQL; their results count when they ran.
add('.tmp/results/cluster.json', 'vitest', false, 'cluster');
add('.tmp/results/e2e.json', 'playwright', true, 'end-to-end');
add('.tmp/results/e2e-cluster.json', 'playwright', false, 'cluster end-to-end');

// A failed step that is not a test runner (static checks, build) counts as a failure too.
const failedSteps = Number(process.env.FAILED_STEPS ?? 0);
if (failedSteps > 0) console.error(`${failedSteps} step(s) failed; see the output above.`);
failed += failedSteps;

console.log('');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
