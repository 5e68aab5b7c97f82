// Budget (issue 31, cost that grows slower than the data): the answers bench at 1,000,000 and at
// 4,000,000 passages in the same run, `sources` p95 at 4M no more than 1.5× its value at 1M, at 1
// and at 20 concurrent asks. The asker's own passages stay 10,000: the data grows as a server's
// does, by other people's documents (99 other users here), and a question reads only the corpora
// its asker may read, through the (corpus, term) posting lists (migration 0030), so its cost
// should follow the asker's corpus, not the table. The plain SQL of the same query is measured
// at both sizes too, as the baseline.
import { readableCorpora } from '../../services/answers/readable.js';
import { withBenchServer } from './bench-server.js';
import { percentile, runAsks } from './answers-client.js';
import { questions } from './answers-corpus.js';
import { LOAD_PARALLEL, loadPassages, otherUsers, plainSql, signUp } from './answers-setup.js';
import { fmt, note, verdict, type Row } from './util.js';

const FIRST = 1_000_000;
const GROWN = 4_000_000;
const SHARE = 100; // 1 document in 100 of the first million is the asker's: 10,000 passages
const RATIO_BUDGET = 1.5;
const RUNS = [
  { concurrency: 1, asks: 200 },
  { concurrency: 20, asks: 1000 },
] as const;

type Measured = { concurrency: number; sources: number; sql: number; errors: number };

export async function benchAnswersGrowth(): Promise<Row[]> {
  return withBenchServer('answers-growth', { poolSize: LOAD_PARALLEL + 2 }, async ({ db, server, databaseUrl }) => {
    const { cookie, userId } = await signUp(server.url, db);
    const corpora = await readableCorpora(db, { user_id: userId });
    const others = otherUsers();
    const all = questions(2000);
    const qs = all.slice(0, 1000);
    const warm = all.slice(1000);

    const measure = async (size: string): Promise<Measured[]> => {
      // Warm: V8's code and PostgreSQL's caches as a running server has them.
      await runAsks(server.url, cookie, warm, 20);
      const out: Measured[] = [];
      for (const r of RUNS) {
        const base = await plainSql(db, databaseUrl, corpora, qs.slice(0, r.asks), r.concurrency);
        const { timings, errors } = await runAsks(server.url, cookie, qs.slice(0, r.asks), r.concurrency);
        const m = {
          concurrency: r.concurrency,
          sources: percentile(
            timings.map((t) => t.sources),
            95,
          ),
          sql: percentile(base, 95),
          errors: errors.length,
        };
        note(`answers-growth: ${size}, ${r.concurrency} concurrent: sources p95 ${fmt(m.sources, 1)} ms, SQL p95 ${fmt(m.sql, 1)} ms, ${m.errors} errors`);
        out.push(m);
      }
      return out;
    };

    const first = await loadPassages(db, userId, { from: 1, to: FIRST, share: SHARE, others });
    note(`answers-growth: 1M loaded in ${fmt(first.loadMs / 1000, 1)} s, indexed in ${fmt(first.indexMs / 1000, 1)} s`);
    const at1m = await measure('1M');
    const grown = await loadPassages(db, userId, { from: FIRST + 1, to: GROWN, share: 0, others });
    note(`answers-growth: 3M more loaded in ${fmt(grown.loadMs / 1000, 1)} s, all indexed in ${fmt(grown.indexMs / 1000, 1)} s`);
    const at4m = await measure('4M');

    return RUNS.flatMap((r, i) => {
      const a = at1m[i];
      const b = at4m[i];
      const ratio = b.sources / a.sources;
      const sqlRatio = b.sql / a.sql;
      return [
        {
          bench: `answers growth, ${r.concurrency} concurrent (10,000 passages readable; 1M then 4M stored)`,
          metric: '`sources` p95 at 1M / at 4M',
          measured: `${fmt(a.sources, 1)} / ${fmt(b.sources, 1)} ms (×${fmt(ratio, 2)})`,
          baseline: `SQL ${fmt(a.sql, 1)} / ${fmt(b.sql, 1)} ms (×${fmt(sqlRatio, 2)})`,
          ratio: `×${fmt(ratio, 2)}`,
          budget: `≤ ×${RATIO_BUDGET}`,
          verdict: verdict(a.errors + b.errors === 0 && ratio <= RATIO_BUDGET),
        },
      ];
    });
  });
}
