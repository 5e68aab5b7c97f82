// Small helpers shared by the benchmarks: temporary folders, free ports, statistics and the
// printed table. Benchmarks print figures only; nothing here asserts a timing.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { freePort } from '../support/ports.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** One row of the printed table: a measured figure next to its baseline and the budget. */
export type Row = {
  bench: string;
  metric: string;
  measured: string;
  baseline: string;
  ratio: string;
  budget: string;
  verdict: string;
};

/**
 * A temporary folder that embedded PostgreSQL can use. When we run as root, PostgreSQL runs as
 * the `postgres` user, which must be able to enter the folder (mkdtemp makes it 0700).
 */
export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 }) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** One untimed warm-up (unless told not to), then `rounds` timed runs; the median in ms. */
export async function medianMs(rounds: number, run: (round: number) => unknown, warmUp = true) {
  if (warmUp) await run(-1);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const t = performance.now();
    await run(round);
    times.push(performance.now() - t);
  }
  return median(times);
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A difference with its sign: +1.5 / -1.5. */
export const signed = (n: number, digits = 0) => `${n >= 0 ? '+' : '-'}${fmt(Math.abs(n), digits)}`;
export const pct = (n: number, digits = 1) => `${(n * 100).toFixed(digits)}%`;
export const verdict = (ok: boolean) => (ok ? 'within' : 'MISSED');

export function printTable(rows: Row[]) {
  const headers: Record<keyof Row, string> = {
    bench: 'benchmark',
    metric: 'metric',
    measured: 'measured',
    baseline: 'baseline',
    ratio: 'ratio / cost',
    budget: 'budget',
    verdict: 'verdict',
  };
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(headers[k].length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(keys.map((k) => headers[k])));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(keys.map((k) => r[k])));
}

/** Progress lines go to stderr so the table on stdout stays clean. */
export const note = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

/**
 * Clean-ups to run if the bench is interrupted (Ctrl-C, SIGTERM): embedded PostgreSQL runs
 * detached in its own session, so it would outlive us otherwise. Returns the unregister.
 */
const cleanups = new Set<() => Promise<void>>();
export function onInterrupt(fn: () => Promise<void>) {
  cleanups.add(fn);
  return () => void cleanups.delete(fn);
}
export async function runInterruptCleanups() {
  for (const fn of [...cleanups].reverse()) await fn().catch(() => {});
  cleanups.clear();
}
