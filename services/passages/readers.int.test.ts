// Permission-aware retrieval on real PostgreSQL: a passage with readers is found only by an asker
// holding one of them, a passage without readers by everyone of its corpus; in a small corpus
// every readable passage holding the words is found (the filter takes nothing readable away),
// and the readers and citation a feed gives come back as they went in; a set-readers changes one
// source's readers and nothing else; a withheld origin's passages are found by nobody until released.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import type { PassageOp } from './feed.js';
import { passagePlacesOf } from './queries.js';
import { searchPassages } from './search.js';
import { STAT_KEYS_SQL } from './stat-keys.js';
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

test('passages an asker may not read move nothing of their ranking: the same scores, in the same order, as without them', { timeout: 120_000 }, async () => {
  const doc = fc.record({ readers: fc.option(fc.subarray(PRINCIPALS), { nil: null }), words: fc.subarray([...WORDS, 'hive', 'wax'], { minLength: 1 }) });
  await fc.assert(
    fc.asyncProperty(
      fc.array(doc, { minLength: 1, maxLength: 12 }),
      fc.array(doc, { minLength: 1, maxLength: 12 }),
      fc.subarray(PRINCIPALS),
      fc.subarray(WORDS, { minLength: 1 }),
      async (docs, others, asker, words) => {
        // The asker's view of a corpus holding `docs` and `others`, and of one holding `docs` and
        // only those of `others` they may read: as alike as if the rest were never there.
        const readable = (d: { readers: string[] | null }) => d.readers === null || d.readers.some((r) => asker.includes(r));
        const put = (corpus: string, rows: typeof docs) =>
          apply(
            rows.map((d, i) => ({
              kind: 'put' as const,
              corpus,
              source: `s${i}`,
              replace: false,
              passages: [
                { id: `${corpus}#${i}`, url: `/d/${i}`, title: 'Doc', heading: '', content: d.words.join(' '), ordinal: 0, page: null, readers: d.readers },
              ],
            })),
          );
        const [all, theirs] = [`org:${randomUUID()}`, `org:${randomUUID()}`];
        await put(all, [...docs, ...others]);
        await put(theirs, [...docs, ...others.map((d) => (readable(d) ? d : { ...d, words: ['unrelated'] }))]);
        const seen = async (corpus: string) =>
          (await searchPassages(db, [corpus], words.join(' '), 50, asker)).map((p) => [p.id.slice(corpus.length), p.score.toFixed(9)]);
        expect(await seen(all)).toEqual(await seen(theirs));
        await apply([
          { kind: 'drop-corpus', corpus: all },
          { kind: 'drop-corpus', corpus: theirs },
        ]);
      },
    ),
    { numRuns: 40 },
  );
});

test("set-readers gives one source's passages new readers in one corpus, moves their statistics to the new readers' keys, and leaves every other row as it was", async () => {
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
  // The statistics under every key of the two corpora (stat-keys.ts), as folded and as a recount of the rows gives them.
  const keysOf = sql`(corpus in (${corpus}, ${other}) or split_part(corpus, chr(10), 1) in (${corpus}, ${other}))`;
  const stats = async () => ({
    corpora: (await sql`select corpus as k, doc_count::int as docs, total_words::int as words from passage_corpus_stats where ${keysOf} order by 1`.execute(db))
      .rows,
    terms: (await sql`select corpus as k, term, df::int as df from passage_term_stats where ${keysOf} order by 1, 2`.execute(db)).rows,
  });
  const keyed = sql`(select k, word_count, tsv from passages, unnest(${STAT_KEYS_SQL}) as k where corpus in (${corpus}, ${other})) as keyed`;
  const recount = async () => ({
    corpora: (await sql`select k, count(*)::int as docs, sum(word_count)::int as words from ${keyed} group by k order by 1`.execute(db)).rows,
    terms: (
      await sql`select k, lexeme as term, count(*)::int as df from ${keyed}, unnest(tsvector_to_array(tsv)) as lexeme group by k, lexeme order by 1, 2`.execute(
        db,
      )
    ).rows,
  });
  const folded = async () => {
    while ((await foldPassageStats(db)) === 'busy') await new Promise((r) => setTimeout(r, 20));
    return stats();
  };
  const before = await folded();
  expect(before).toEqual(await recount());

  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: ['user:b', 'email:c@x.example'] }]);
  const after = await folded();
  expect(after).toEqual(await recount());
  expect(after.corpora).toContainEqual({ k: `${corpus}\nuser:b`, docs: 3, words: expect.any(Number) });
  expect(after.corpora).toContainEqual({ k: `${corpus}\nuser:a`, docs: 3, words: expect.any(Number) });
  expect(await ids([corpus, other], ['user:b'])).toEqual(rows(corpus, 'f1', null).map((r) => r.id));
  expect(await ids([corpus, other], ['user:a'])).toEqual([...rows(corpus, 'f2', null), ...rows(other, 'f1', null)].map((r) => r.id).sort());
  // Everyone of the corpus, then nobody.
  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: null }]);
  expect(await ids([corpus], [])).toEqual(rows(corpus, 'f1', null).map((r) => r.id));
  await apply([{ kind: 'set-readers', corpus, source: 'f1', readers: [] }]);
  expect(await ids([corpus], ['user:a', 'user:b'])).toEqual(rows(corpus, 'f2', null).map((r) => r.id));
  expect(await folded()).toEqual(await recount());
});

test('a withheld origin’s passages are found by nobody and placed nowhere, those put after it too, until it is released', async () => {
  const corpus = `user:${randomUUID()}`;
  const origin = randomUUID();
  const passage = (source: string, from: string | null) => ({
    kind: 'put' as const,
    corpus,
    source,
    replace: true,
    passages: [
      {
        id: `${corpus}#${source}`,
        url: `/files/${source}`,
        title: source,
        heading: '',
        content: 'smoker fuel',
        ordinal: 0,
        page: null,
        origin: from,
        citation: { connection_type: from ? 'google_drive' : 'local' },
      },
    ],
  });
  const found = async () => (await searchPassages(db, [corpus], 'smoker fuel', 10, [])).map((p) => p.id).sort();
  await apply([passage('synced', origin), passage('uploaded', null)]);
  expect(await found()).toEqual([`${corpus}#synced`, `${corpus}#uploaded`]);

  await apply([{ kind: 'withhold', origin, withheld: true }, passage('synced-later', origin)]);
  expect(await found()).toEqual([`${corpus}#uploaded`]);
  const places = await passagePlacesOf(db, { fileUuids: [], urls: ['/files/synced', '/files/uploaded'] });
  expect([...places.byUrl.keys()]).toEqual(['/files/uploaded']);
  // Withheld twice is withheld once; the rows stay (its removal drops them).
  await apply([{ kind: 'withhold', origin, withheld: true }]);
  expect(Number((await sql<{ n: string }>`select count(*) as n from passages where origin = ${origin}`.execute(db)).rows[0].n)).toBe(2);

  await apply([{ kind: 'withhold', origin, withheld: false }]);
  expect(await found()).toEqual([`${corpus}#synced`, `${corpus}#synced-later`, `${corpus}#uploaded`]);
});
