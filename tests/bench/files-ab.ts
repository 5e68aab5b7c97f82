// Issue 31's indexing budgets measured A/B in one run: a 10 MB CSV and a batch of ten 5 MB CSVs
// uploaded and indexed end to end by this checkout's server and by another checkout's
// (BENCH_AB_BASE, the code before a change), each on its own temporary embedded PostgreSQL,
// taking turns round by round (which goes first alternates), so the drift of a shared machine
// falls on both alike. Every round's figure is printed, and each side's medians.
// `BENCH_AB_BASE=/path/to/other/checkout tsx tests/bench/run.ts files-ab`; BENCH_AB_ROUNDS (5).
import { readFileSync } from 'node:fs';
import { largeCsv } from '../fixtures/files.js';
import type { LocalFile } from '../support/files.js';
import { type BenchServer, withBenchServer } from './bench-server.js';
import { indexedEndToEnd, signUp, statisticsFolded } from './files.js';
import { fmt, median, note, type Row, verdict } from './util.js';

const MB = 1024 * 1024;
const BUDGET_MB_S = 5;
type Side = { name: string; world: BenchServer; csv: number[]; batch: number[]; foldLags: number[] };

export async function benchFilesAb(): Promise<Row[]> {
  const base = process.env.BENCH_AB_BASE;
  if (!base) throw new Error('BENCH_AB_BASE names the checkout to compare with (its node_modules and generated/ in place)');
  const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 5);
  return withBenchServer('files-before', { poolSize: 4, root: base }, (before) =>
    withBenchServer('files-after', { poolSize: 4 }, (after) =>
      compare(rounds, { name: 'before', world: before, csv: [], batch: [], foldLags: [] }, { name: 'after', world: after, csv: [], batch: [], foldLags: [] }),
    ),
  );
}

async function compare(rounds: number, before: Side, after: Side): Promise<Row[]> {
  const csv = largeCsv(10);
  const five = largeCsv(5);
  for (const side of [before, after]) {
    // A first large CSV each: worker processes and caches started before anything is timed.
    const warm = await signUp(side.world.server.url, `Bench warm ${side.name}`);
    await indexedEndToEnd(warm.browser, [{ filename: 'warm.csv', bytes: largeCsv(2.5) }]);
    await statisticsFolded(side.world.db, []);
  }
  // A person per side and round, each round's 11 files within the free plan's 50 a repository.
  const people = new Map<Side, Awaited<ReturnType<typeof signUp>>>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [before, after] : [after, before];
    for (const side of order) people.set(side, await signUp(side.world.server.url, `Bench ${side.name} ${round}`));
    for (const side of order) {
      const b = people.get(side)!.browser;
      side.csv.push(await indexedEndToEnd(b, [{ filename: `ledger-${round}.csv`, bytes: csv }]));
      await statisticsFolded(side.world.db, side.foldLags);
    }
    for (const side of order) {
      const b = people.get(side)!.browser;
      const batch: LocalFile[] = Array.from({ length: 10 }, (_, i) => ({ filename: `batch-${round}-${i}.csv`, bytes: five }));
      side.batch.push(await indexedEndToEnd(b, batch));
      await statisticsFolded(side.world.db, side.foldLags);
    }
    note(
      `files-ab: round ${round + 1} (${order[0].name} first): CSV before ${fmt(before.csv.at(-1)!)} / after ${fmt(after.csv.at(-1)!)} ms; batch before ${fmt(before.batch.at(-1)!)} / after ${fmt(after.batch.at(-1)!)} ms`,
    );
  }
  const csvMb = csv.byteLength / MB;
  const batchMb = (10 * five.byteLength) / MB;
  const rate = (mb: number, ms: number) => mb / (ms / 1000);
  const all = (xs: number[]) => xs.map((x) => fmt(x)).join(', ');
  const row = (what: string, mb: number, key: 'csv' | 'batch'): Row => ({
    bench: `files A/B, ${what}, upload + index end to end`,
    metric: `MB/s, median of ${rounds} (all ms: after ${all(after[key])}; before ${all(before[key])})`,
    measured: `${fmt(rate(mb, median(after[key])), 1)} MB/s (${fmt(median(after[key]))} ms)`,
    baseline: `${fmt(rate(mb, median(before[key])), 1)} MB/s (${fmt(median(before[key]))} ms) before`,
    ratio: `x${fmt(median(before[key]) / median(after[key]), 2)} faster`,
    budget: `>= ${BUDGET_MB_S} MB/s`,
    verdict: verdict(rate(mb, median(after[key])) >= BUDGET_MB_S),
  });
  return [
    row(`${fmt(csvMb, 1)} MB CSV`, csvMb, 'csv'),
    row(`10 × ${fmt(five.byteLength / MB, 1)} MB CSV in one batch`, batchMb, 'batch'),
    {
      bench: 'files A/B, term statistics folded after each CSV and batch',
      metric: 'ms, median / max',
      measured: `${fmt(median(after.foldLags))} / ${fmt(Math.max(...after.foldLags))} ms`,
      baseline: `${fmt(median(before.foldLags))} / ${fmt(Math.max(...before.foldLags))} ms before`,
      ratio: '',
      budget: '< 1,000 ms',
      verdict: verdict(Math.max(...after.foldLags) < 1000),
    },
    {
      bench: 'files A/B, the server process at its largest over all rounds (the price of fewer collections, services/app/heap-limits.ts)',
      metric: 'peak resident MB (VmHWM)',
      measured: `${fmt(peakResidentMb(after))} MB`,
      baseline: `${fmt(peakResidentMb(before))} MB before`,
      ratio: `x${fmt(peakResidentMb(after) / peakResidentMb(before), 2)}`,
      budget: '',
      verdict: '',
    },
  ];
}

/** The server process's peak resident memory so far, from Linux's /proc. */
function peakResidentMb(side: Side): number {
  const status = readFileSync(`/proc/${side.world.server.child.pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
