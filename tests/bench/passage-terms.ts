// Counting a large file's terms (services/passages/counted-rows.ts), the workers' share of
// indexing: a 10 MB CSV's passages in statements of 500 rows, as the write cuts them, counted by
// the product (one term table a statement, statement-terms.ts, with the rows' index keys, which
// the database used to compute) against the way it counted them before, a row at a time (each
// row's passageTerms, tsvectorElements over them, a Map of document frequencies; no keys). In
// process, rounds alternating; the figure is the median.
import { extractFile } from '../../services/files/extract/extract.js';
import { countRows, type RowText } from '../../services/passages/counted-rows.js';
import { keySeeds } from '../../services/passages/read-keys.js';
import { passageTerms } from '../../services/passages/index.js';
import { tsvectorElements } from '../../services/passages/terms.js';
import { largeCsv } from '../fixtures/files.js';
import { fmt, median, type Row } from './util.js';

const ROWS_PER_STATEMENT = 500;
const ROUNDS = 7;

/** The count a row at a time, as countRows did it before. */
function rowAtATime(rows: RowText[]) {
  const counted = rows.map((r) => passageTerms(r.heading, r.content));
  const df = new Map<string, number>();
  for (const { counts } of counted) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return { elements: tsvectorElements(counted.map((c) => c.counts)), terms: [...df.keys()].join(' '), counts: [...df.values()].join(',') };
}

export async function benchPassageTerms(): Promise<Row[]> {
  const passages = (await extractFile(largeCsv(10), 'csv')).passages.map((p) => ({ heading: p.heading, content: p.content }));
  const statements: RowText[][] = [];
  for (let i = 0; i < passages.length; i += ROWS_PER_STATEMENT) statements.push(passages.slice(i, i + ROWS_PER_STATEMENT));
  const timed = (count: (rows: RowText[]) => unknown) => {
    const t = performance.now();
    for (const rows of statements) count(rows);
    return performance.now() - t;
  };
  const seeds = keySeeds(['user:bench']);
  const product: number[] = [];
  const before: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    product.push(timed((rows) => countRows({ rows, seeds })));
    before.push(timed(rowAtATime));
  }
  const [p, b] = [median(product), median(before)];
  return [
    {
      bench: `passage terms, a 10 MB CSV's ${fmt(passages.length)} passages in statements of ${ROWS_PER_STATEMENT}`,
      metric: `ms to count, median of ${ROUNDS} (all: ${product.map((x) => fmt(x)).join(', ')}; before ${before.map((x) => fmt(x)).join(', ')})`,
      measured: `${fmt(p)} ms`,
      baseline: `${fmt(b)} ms a row at a time`,
      ratio: `x${(b / p).toFixed(2)} faster`,
      budget: 'faster than a row at a time',
      verdict: p < b ? 'within' : 'MISSED',
    },
  ];
}
