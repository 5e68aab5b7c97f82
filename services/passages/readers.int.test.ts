// Permission-aware retrieval on real PostgreSQL: a passage with readers is found only by an asker
// holding one of them, a passage without readers by everyone of its corpus; in a small corpus
// every readable passage holding the words is found (the filter takes nothing readable away),
// and the readers and citation a feed gives come back as they went in; a set-readers changes one
// source's readers and nothing else.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import type { PassageOp } from './feed.js';
import { searchPassages } from './search.js';
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

const PRINCIPALS = ['user:a', 'user:b', 'email:c@x.example', 'domain:x.example', 'group:slack_channel:conn:C1', 'group:github_repository:conn:o/r'];
const WORDS = ['apiary', 'honeycomb', 'propolis', 'nectar'];

test('the filter never returns a passage whose readers exclude the asker, and keeps every one they may read', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          readers: fc.option(fc.subarray(PRINCIPALS), { nil: null }),
          words: fc.subarray(WORDS, { minLength: 1 }),
        }),
        { minLength: 1, maxLength: 30 },
      ),
      fc.subarray(PRINCIPALS),
      fc.constantFrom(...WORDS),
      async (docs, asker, word) => {
        const corpus = `org:${randomUUID()}`;
        await apply(
          docs.map((d, i) => ({
            kind: 'put',
            corpus,
            source: `s${i}`,
            replace: false,
            passages: [
              {
                id: `${corpus}#${i}`,
                url: `/d/${i}`,
                title: 'Doc',
                heading: '',
                content: `${d.words.join(' ')} hive`,
                ordinal: 0,
                page: null,
                readers: d.readers,
              },
            ],
          })),
        );
        const found = await searchPassages(db, [corpus], word, 50, asker);
        const byId = new Map(docs.map((d, i) => [`${corpus}#${i}`, d]));
        for (const p of found) {
          const readers = byId.get(p.id)?.readers;
          expect(readers === null || readers?.some((r) => asker.includes(r)), `${p.id} read by ${JSON.stringify(asker)}`).toBe(true);
        }
        const readable = docs
          .map((d, i) => ({ d, id: `${corpus}#${i}` }))
          .filter(({ d }) => d.words.includes(word) && (d.readers === null || d.readers.some((r) => asker.includes(r))))
          .map(({ id }) => id)
          .sort();
        expect(found.map((p) => p.id).sort()).toEqual(readable);
        await apply([{ kind: 'drop-corpus', corpus }]);
      },
    ),
    { numRuns: 40 },
  );
});

test('readers and citation go in with a put and come back with a search; a put replacing the source replaces its readers', async () => {
  const corpus = `org:${randomUUID()}`;
  const citation = {
    connection_type: 'slack',
    connector_type: 'slack',
    authors: ['Ada'],
    published_date: '2026-01-02T00:00:00Z',
    domain_name: 'acme.slack.com',
  };
  const row = (readers: string[] | null) => ({
    id: `${corpus}#0`,
    url: '/m/1',
    title: 'general',
    heading: '',
    content: 'the queen excluder',
    ordinal: 0,
    page: null,
    readers,
    citation,
  });
  await apply([{ kind: 'put', corpus, source: 'm1', replace: true, passages: [row(['user:a', 'group:slack_channel:c:C1'])] }]);
  const asA = await searchPassages(db, [corpus], 'queen excluder', 5, ['user:a']);
  expect(asA.map((p) => p.citation)).toEqual([citation]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5, ['user:b'])).toEqual([]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5)).toEqual([]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5, ['group:slack_channel:c:C1'])).toHaveLength(1);
  // The source's sharing changed: the new readers replace the old.
  await apply([{ kind: 'put', corpus, source: 'm1', replace: true, passages: [row(['user:b'])] }]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5, ['user:a', 'group:slack_channel:c:C1'])).toEqual([]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5, ['user:b'])).toHaveLength(1);
  // Everyone of the corpus reads a passage without readers, an empty list of readers is nobody's.
  await apply([{ kind: 'put', corpus, source: 'm1', replace: true, passages: [row(null)] }]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5)).toHaveLength(1);
  await apply([{ kind: 'put', corpus, source: 'm1', replace: true, passages: [row([])] }]);
  expect(await searchPassages(db, [corpus], 'queen excluder', 5, ['user:a', 'user:b'])).toEqual([]);
});

test("set-readers gives one source's passages new readers in one corpus, and leaves the statistics and every other row as they were", async () => {
  const corpus = `org:${randomUUID()}`;
  const other = `org:${randomUUID()}`;
  const rows = (at: string, source: string, readers: string[] | null) =>
    [0, 1, 2].map((n) => ({
      id: `${at}#${source}#${n}`,
      url: `/f/${source}`,
      title: 'wintering',
      heading: '',
      content: `wrap the hives in tar paper, part ${n}`,
      ordinal: n,
      page: null,
      readers,
    }));
  await apply([
    { kind: 'put', corpus, source: 'f1', replace: true, passages: rows(corpus, 'f1', ['user:a']) },
    { kind: 'put', corpus, source: 'f2', replace: true, passages: rows(corpus, 'f2', ['user:a']) },
    { kind: 'put', corpus: other, source: 'f1', replace: true, passages: rows(other, 'f1', ['user:a']) },
  ]);
  const ids = async (corpora: string[], asker: string[]) => (await searchPassages(db, corpora, 'tar paper', 20, asker)).map((p) => p.id).sort();
  const stats = async () => ({
    corpora: (await sql`select * from passage_corpus_stats where corpus in (${corpus}, ${other}) order by corpus`.execute(db)).rows,
    terms: (await sql`select * from passage_term_stats where corpus in (${corpus}, ${other}) order by corpus, term`.execute(db)).rows,
  });
  const before = await stats();
  const changes = async () => Number((await sql<{ n: string }>`select count(*) as n from passage_stat_changes`.execute(db)).rows[0].n);
  const pending = await changes();

  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: ['user:b', 'email:c@x.example'] }]);
  expect(await changes()).toBe(pending);
  expect(await stats()).toEqual(before);
  expect(await ids([corpus, other], ['user:b'])).toEqual(rows(corpus, 'f1', null).map((r) => r.id));
  expect(await ids([corpus, other], ['user:a'])).toEqual([...rows(corpus, 'f2', null), ...rows(other, 'f1', null)].map((r) => r.id).sort());
  // Everyone of the corpus, then nobody.
  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: null }]);
  expect(await ids([corpus], [])).toEqual(rows(corpus, 'f1', null).map((r) => r.id));
  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: [] }]);
  expect(await ids([corpus], ['user:a', 'user:b'])).toEqual(rows(corpus, 'f2', null).map((r) => r.id));
  expect(await stats()).toEqual(before);
});
