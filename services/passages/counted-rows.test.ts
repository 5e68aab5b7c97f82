// A statement's terms counted in one go (here or in a worker) are what the rows' own terms give:
// the same tsvectors as tsvectorArrayBytes, the same words, a key for each term and statistics
// key, and statistics that add up to each term's passages however the rows are cut into
// statements. (That the keys are the database's passage_key(): read-keys.int.test.ts.)
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { createWorkerPool } from '../workers/index.js';
import { countRows, joinCounts, type RowText } from './counted-rows.js';
import { INT8_ELEMENT_BYTES } from './binary-arrays.js';
import { keySeeds } from './read-keys.js';
import { countRowsInWorker } from './terms-in-workers.js';
import { passageTerms, tsvectorArrayBytes, tsvectorArrayOf } from './terms.js';

const pool = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 256 } });
afterAll(() => pool.close());

// Known words (a term too long to count among them), and any short runs of letters and digits of
// several scripts and cases: terms that sort by UTF-16 units, repeated within and across rows.
const word = fc.oneof(
  fc.constantFrom('hive', 'Queen', 'frame', '2026', 'über', 'straße', '日本', 'x'.repeat(700), ''),
  fc.string({ unit: fc.constantFrom('a', 'b', 'Z', '7', 'é', 'ß', 'İ', '日', '😀', '-', ',', '\n', '_'), minLength: 1, maxLength: 4 }),
);
const text = fc.array(word, { maxLength: 8 }).map((ws) => ws.join(' '));
const rows = fc.array(fc.record({ heading: text, content: text }), { maxLength: 12 });
/** A run's statistics keys: a corpus's, or none (readers nobody is), or a few readers'. */
const seeds = fc.constantFrom([], ['org:1'], ['org:1\nuser:a', 'org:1\ndomain:x.example', 'org:1\nemail:c@x.example']).map(keySeeds);

/** term → passages holding it, from a change's two texts (repeats added up, as the folder does). */
function dfOf(stats: { terms: string; counts: string }) {
  const df = new Map<string, number>();
  if (!stats.terms) return df;
  const counts = stats.counts.split(',').map(Number);
  for (const [i, t] of stats.terms.split(' ').entries()) df.set(t, (df.get(t) ?? 0) + counts[i]);
  return df;
}

function expectedDf(all: RowText[]) {
  const df = new Map<string, number>();
  for (const r of all) for (const t of passageTerms(r.heading, r.content).counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  return df;
}

test('counted rows give the tsvectors, words and statistics of their terms, however the rows are cut', () => {
  fc.assert(
    fc.property(rows, seeds, fc.nat(12), (all, keys, cut) => {
      const counted = countRows({ rows: all, seeds: keys });
      const terms = all.map((r) => passageTerms(r.heading, r.content));
      expect(tsvectorArrayOf(all.length, counted.elements)).toEqual(tsvectorArrayBytes(terms.map((t) => t.counts)));
      expect(counted.keyCounts).toEqual(terms.map((t) => t.counts.size * keys.length));
      expect(counted.keys.byteLength).toBe(counted.keyCounts.reduce((n, k) => n + k, 0) * INT8_ELEMENT_BYTES);
      expect(counted.words).toEqual(terms.map((t) => t.words));
      expect(counted.docs).toBe(all.length);
      expect(counted.totalWords).toBe(terms.reduce((n, t) => n + t.words, 0));
      const parts = [countRows({ rows: all.slice(0, cut), seeds: keys }), countRows({ rows: all.slice(cut), seeds: keys })];
      expect(Buffer.concat(parts.map((p) => p.keys))).toEqual(Buffer.from(counted.keys));
      const joined = joinCounts(parts);
      expect(dfOf(joined)).toEqual(expectedDf(all));
      expect([joined.docs, joined.totalWords]).toEqual([counted.docs, counted.totalWords]);
      expect(
        tsvectorArrayOf(
          all.length,
          parts.map((p) => p.elements),
        ),
      ).toEqual(tsvectorArrayBytes(terms.map((t) => t.counts)));
    }),
    { numRuns: 300 },
  );
});

test('a statement of thousands of terms, and a term past the positions a lexeme keeps, count as each row alone does', () => {
  const all: RowText[] = Array.from({ length: 3000 }, (_, i) => ({ heading: `Row ${i}`, content: `t${i}a t${i}b shared t${(i * 7) % 3000}c` }));
  all.push({ heading: '', content: 'many '.repeat(300) });
  const counted = countRows({ rows: all, seeds: keySeeds(['org:1\nuser:a', 'org:1\nuser:b']) });
  const terms = all.map((r) => passageTerms(r.heading, r.content));
  expect(tsvectorArrayOf(all.length, counted.elements)).toEqual(tsvectorArrayBytes(terms.map((t) => t.counts)));
  expect(dfOf(counted)).toEqual(expectedDf(all));
  expect(counted.keyCounts).toEqual(terms.map((t) => 2 * t.counts.size));
});

test('rows without a term make no empty term in the joined change', () => {
  const one = (rows: RowText[]) => countRows({ rows, seeds: keySeeds(['org:1']) });
  const joined = joinCounts([one([{ heading: '', content: '' }]), one([{ heading: 'Hive', content: '' }]), one([])]);
  expect(joined).toEqual({ docs: 2, totalWords: 2, terms: 'hive', counts: '1' });
});

test('a worker process counts as this thread does, and a failed worker leaves the counting here', async () => {
  const all: RowText[] = [
    { heading: 'Rows 2-3', content: 'Hive, Queen, 2026\nHive, frame, über' },
    { heading: 'Rows 4-5', content: 'straße 日本 hive' },
  ];
  const run = { rows: all, seeds: keySeeds(['org:1\nuser:a', 'org:1\nuser:b']) };
  const inWorker = await countRowsInWorker(run, pool);
  expect({ ...inWorker, elements: Buffer.from(inWorker.elements), keys: Buffer.from(inWorker.keys) }).toEqual(countRows(run));
  const closed = createWorkerPool({ processes: 1, limits: { timeMs: 60_000, memoryMb: 256 } });
  await closed.close();
  expect(await countRowsInWorker(run, closed)).toEqual(countRows(run));
});
