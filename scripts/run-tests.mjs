// `make test-only`: the browser tests and the rest as two vitest runs side by side. The browser
// tests run two files at a time and leave a fifth of the two cores idle while they wait on
// servers and pages (74-86% busy over their first five minutes); the other files fill that time at
// a lower priority (nice), so the browsers keep the CPU they would have had alone, and no file waits
// for the browser group to end. Each run has its own PostgreSQL and server bundle (global-setup.ts),
// both started inside its own, niced process tree. The browser run's output is printed as one block
// when it ends, so the two never interleave; the closing lines name every failed test of both.
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';

const RESULTS = 'test-results';
const BROWSERS = { name: 'browsers', projects: ['browsers'], json: `${RESULTS}/browsers.json`, log: `${RESULTS}/browsers.log` };
const OTHERS = { name: 'others', projects: ['servers', 'servers-shared', 'unit', 'web'], json: `${RESULTS}/vitest.json` };
// CFS weights: nice 0 against nice 10 is 1024 to 110 a thread. At nice 5 (335), the others' many
// threads took so much that the browser run took 398 s instead of about 290 s alone.
const OTHERS_NICE = '10';

const vitestArgs = (run) => ['run', ...run.projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${run.json}`];

const children = new Set();
function start(command, args, stdio) {
  const child = spawn(command, args, { stdio });
  children.add(child);
  const ended = new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  return { child, ended: ended.finally(() => children.delete(child)) };
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

for (const run of [BROWSERS, OTHERS]) rmSync(run.json, { force: true });
const browserLog = createWriteStream(BROWSERS.log);
const browsers = start('vitest', vitestArgs(BROWSERS), ['ignore', 'pipe', 'pipe']);
browsers.child.stdout.pipe(browserLog, { end: false });
browsers.child.stderr.pipe(browserLog, { end: false });
const others = start('nice', ['-n', OTHERS_NICE, 'vitest', ...vitestArgs(OTHERS)], 'inherit');

const browsersEnded = browsers.ended.then(async (code) => {
  await new Promise((resolve) => browserLog.end(resolve));
  process.stdout.write(`\n──── browser tests (${BROWSERS.log}) ────\n${readFileSync(BROWSERS.log, 'utf8')}──── end of browser tests ────\n\n`);
  return code;
});
const codes = await Promise.all([browsersEnded, others.ended]);
const summary = start('node', ['scripts/test-summary.mjs', BROWSERS.json, OTHERS.json], 'inherit');
const summaryCode = await summary.ended;
// The reports decide (test-summary.mjs); a vitest exit code that says failure still fails the run.
process.exit(summaryCode !== 0 || codes.some((c) => c !== 0) ? 1 : 0);
