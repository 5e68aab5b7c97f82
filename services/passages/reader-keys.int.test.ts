// Issue 32: a restricted asker's search reads only the postings they may read (migration 0054,
// one index key per reader). Its results are exactly the unfiltered search's (every passage's
// postings read, no readers check, the same asker's statistics) restricted to what they may read,
// and a passage with readers is indexed under its readers' keys only, not its corpus's (its `read_keys`, migration 0080).
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
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
  const { rows } = await sql<{ id: string; corpus_key: boolean; a: boolean; domain: boolean; b: boolean }>`
    select id,
      read_keys @> array[passage_key(corpus, 'propolis')] as corpus_key,
      read_keys @> array[passage_key(corpus || chr(10) || 'user:a', 'propolis')] as a,
      read_keys @> array[passage_key(corpus || chr(10) || 'domain:x.example', 'propolis')] as domain,
      read_keys @> array[passage_key(corpus || chr(10) || 'user:b', 'propolis')] as b
    from passages where corpus = ${corpus} order by id`.execute(db);
  expect(rows).toEqual([
    { id: `${corpus}#00`, corpus_key: false, a: true, domain: true, b: false },
    { id: `${corpus}#01`, corpus_key: true, a: false, domain: false, b: false },
  ]);
  // The index answers the asker's key with their passage only.
  const viaIndex = await sql<{ id: string }>`
    select id from passages where read_keys && array[passage_key(${corpus} || chr(10) || 'user:a', 'propolis')]`.execute(db);
  expect(viaIndex.rows.map((r) => r.id)).toEqual([`${corpus}#00`]);
  await apply([{ kind: 'drop-corpus', corpus }]);
});
