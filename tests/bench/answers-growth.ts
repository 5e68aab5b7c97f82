// Budget (issue 31, cost that grows slower than the data): the answers bench at 1,000,000 and at
// 4,000,000 passages in the same run, `sources` p95 at 4M no more than 1.5× its value at 1M, at 1
// and at 20 concurrent asks. The asker's own passages stay 10,000: the data grows as a server's
// does, by other people's documents (99 other users here), and a question reads only the corpora
// its asker may read, through the (corpus, term) posting lists (migration 0032), so its cost
// should follow the asker's corpus, not the table. Two servers, each on its own database (1M and
// 4M passages), are measured in turns, round after round, so a change in the machine's load
// falls on both alike; the plain SQL of the same query is measured beside each, as the baseline.
import { readableCorpora } from '../../services/answers/readable.js';
import { type BenchServer, withBenchServer } from './bench-server.js';
import { percentile, runAsks } from './answers-client.js';
import { questions } from './answers-corpus.js';
import { LOAD_PARALLEL, type LoadPart, loadPassages, otherUsers, plainSql, signUp } from './answers-setup.js';
import { fmt, note, verdict, type Row } from './util.js';

const MILLION = 1_000_000;
const SHARE = 100; // 1 document in 100 of the first million is the asker's: 10,000 passages
const RATIO_BUDGET = 1.5;
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 3);
const RUNS = [
  { concurrency: 1, asks: 100 },
  { concurrency: 20, asks: 400 },
] as const;

type Size = { name: '1M' | '4M'; parts: LoadPart[] };
const SIZES: Size[] = [
  { name: '1M', parts: [{ from: 1, to: MILLION, share: SHARE }] },
  {
    name: '4M',
    parts: [
      { from: 1, to: MILLION, share: SHARE },
      { from: MILLION + 1, to: 4 * MILLION, share: 0 },
    ],
  },
];

type World = { size: Size; world: BenchServer; cookie: string; corpora: string[] };
type Samples = { sources: number[]; sql: number[]; errors: number };

export async function benchAnswersGrowth(): Promise<Row[]> {
  const all = questions(2000);
  const qs = all.slice(0, 1000);
  const warm = all.slice(1000);
  const opened: World[] = [];
  const open = async (size: Size, world: BenchServer) => {
    const { cookie, userId } = await signUp(world.server.url, world.db);
    const loaded = await loadPassages(world.db, userId, { parts: size.parts, others: otherUsers() });
    note(`answers-growth: ${size.name} loaded in ${fmt(loaded.loadMs / 1000, 1)} s, indexed in ${fmt(loaded.indexMs / 1000, 1)} s`);
    await runAsks(world.server.url, cookie, warm, 20);
    opened.push({ size, world, cookie, corpora: await readableCorpora(world.db, { user_id: userId }) });
  };
  return withBenchServer('answers-growth-1m', { poolSize: LOAD_PARALLEL + 2 }, async (small) => {
    await open(SIZES[0], small);
    return withBenchServer('answers-growth-4m', { poolSize: LOAD_PARALLEL + 2 }, async (large) => {
      await open(SIZES[1], large);
      const samples = new Map<string, Samples>();
      const key = (size: string, concurrency: number) => `${size}@${concurrency}`;
      for (let round = 1; round <= ROUNDS; round++)
        for (const r of RUNS)
          for (const w of opened) {
            const asked = qs.slice(((round - 1) * r.asks) % qs.length).slice(0, r.asks);
            const base = await plainSql(w.world.db, w.world.databaseUrl, w.corpora, asked, r.concurrency);
            const { timings, errors } = await runAsks(w.world.server.url, w.cookie, asked, r.concurrency);
            const s = samples.get(key(w.size.name, r.concurrency)) ?? { sources: [], sql: [], errors: 0 };
            s.sources.push(...timings.map((t) => t.sources));
            s.sql.push(...base);
            s.errors += errors.length;
            samples.set(key(w.size.name, r.concurrency), s);
            note(
              `answers-growth: round ${round}, ${w.size.name}, ${r.concurrency} concurrent: sources p95 ${fmt(
                percentile(
                  timings.map((t) => t.sources),
                  95,
                ),
                1,
              )} ms`,
            );
          }
      return RUNS.map((r): Row => {
        const a = samples.get(key('1M', r.concurrency))!;
        const b = samples.get(key('4M', r.concurrency))!;
        const p = (xs: number[]) => percentile(xs, 95);
        const ratio = p(b.sources) / p(a.sources);
        return {
          bench: `answers growth, ${r.concurrency} concurrent (10,000 passages readable; 1M and 4M stored, ${ROUNDS} rounds in turns)`,
          metric: '`sources` p95 at 1M / at 4M',
          measured: `${fmt(p(a.sources), 1)} / ${fmt(p(b.sources), 1)} ms`,
          baseline: `SQL ${fmt(p(a.sql), 1)} / ${fmt(p(b.sql), 1)} ms (×${fmt(p(b.sql) / p(a.sql), 2)})`,
          ratio: `×${fmt(ratio, 2)}`,
          budget: `≤ ×${RATIO_BUDGET}`,
          verdict: verdict(a.errors + b.errors === 0 && ratio <= RATIO_BUDGET),
        };
      });
    });
  });
}
