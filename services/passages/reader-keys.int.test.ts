// Issue 32: a restricted asker's search reads only the postings they may read (migration 0054,
// one index key per reader). Its results are exactly the unfiltered search's (every passage's
// postings read, no readers check, the same asker's statistics) restricted to what they may read,
// and a passage with readers is indexed under its readers' keys only, not its corpus's (its postings, migration 0081).
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { listedUnder, misindexedPassages } from '../../tests/support/passage-postings.js';
import type { Db } from '../db/database.js';
import type { PassageOp } from './feed.js';
import { bm25Query, questionWords, searchPassages } from './search.js';
import { foldPassageStats } from './stat-folder.js';
import { applyPassageOp } from './write.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const apply = async (ops: PassageOp[]) => {
  await db.transaction().execute(async (trx) => {
    for (const op of ops) await applyPassageOp(trx, op);
  });
  expect(await foldPassageStats(db)).not.toBe('busy');
};

const PRINCIPALS = ['user:a', 'user:b', 'email:c@x.example', 'domain:x.example', 'group:slack_channel:conn:C1'];
const WORDS = ['apiary', 'honeycomb', 'propolis', 'nectar', 'hive', 'wax'];

const put = (corpus: string, docs: { readers: string[] | null; words: string[] }[]): PassageOp => ({
  kind: 'put',
  corpus,
  source: 'all',
  replace: true,
  passages: docs.map((d, i) => ({
    id: `${corpus}#${String(i).padStart(2, '0')}`,
    url: `/d/${i}`,
    title: 'Doc',
    heading: '',
    content: d.words.join(' '),
    ordinal: i,
    page: null,
    readers: d.readers,
  })),
});

test('the filtered search returns exactly the unfiltered search restricted to readable passages', { timeout: 120_000 }, async () => {
  const doc = fc.record({
    readers: fc.option(fc.subarray(PRINCIPALS), { nil: null }),
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
  });
  await fc.assert(
    fc.asyncProperty(
      fc.array(doc, { minLength: 1, maxLength: 16 }),
      fc.subarray(PRINCIPALS),
      fc.subarray(WORDS, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 6 }),
      async (docs, asker, words, k) => {
        const corpus = `org:${randomUUID()}`;
        await apply([put(corpus, docs)]);
        const filtered = await searchPassages(db, [corpus], words.join(' '), k, asker);
        const reference = await db.executeQuery(bm25Query([corpus], questionWords(words.join(' ')), 100, asker, { readersChecked: false }).compile(db));
        const readableIds = new Set(
          docs.flatMap((d, i) => (d.readers === null || d.readers.some((r) => asker.includes(r)) ? [`${corpus}#${String(i).padStart(2, '0')}`] : [])),
        );
        const expected = reference.rows.filter((r) => readableIds.has(r.id)).slice(0, k);
        expect(filtered.map((p) => p.id)).toEqual(expected.map((r) => r.id));
        for (const [i, p] of filtered.entries()) expect(p.score).toBeCloseTo(Number(expected[i].score), 9);
        // Small enough for an exact search: every readable passage holding a word is in the reference.
        const holding = docs.flatMap((d, i) => (d.words.some((w) => words.includes(w)) ? [`${corpus}#${String(i).padStart(2, '0')}`] : []));
        const referenceIds = new Set(reference.rows.map((r) => r.id));
        expect(holding.filter((id) => readableIds.has(id) && !referenceIds.has(id))).toEqual([]);
        await apply([{ kind: 'drop-corpus', corpus }]);
      },
    ),
    { numRuns: 40 },
  );
});

test("a passage with readers is indexed under each reader's key, not its corpus's; one without readers under its corpus's", async () => {
  const corpus = `org:${randomUUID()}`;
  await apply([
    put(corpus, [
      { readers: ['user:a', 'domain:x.example'], words: ['propolis'] },
      { readers: null, words: ['propolis'] },
    ]),
  ]);
  const under = (statKey: string) => listedUnder(db, corpus, statKey, 'propolis');
  expect(await under(corpus)).toEqual([`${corpus}#01`]);
  expect(await under(`${corpus}\nuser:a`)).toEqual([`${corpus}#00`]);
  expect(await under(`${corpus}\ndomain:x.example`)).toEqual([`${corpus}#00`]);
  expect(await under(`${corpus}\nuser:b`)).toEqual([]);
  expect(await misindexedPassages(db, corpus)).toEqual([]);
  await apply([{ kind: 'drop-corpus', corpus }]);
});
