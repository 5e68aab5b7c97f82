// The statistics folder on real PostgreSQL: for any sequence of puts, replacements and drops
// across corpora, in one transaction or several, with folds at any point and folds running while
// writes commit (two at once, as two instances run them), the statistics equal a recount of the
// passages once everything is folded; and the background folder, told of a commit, folds it and
// merges the full-text index's pending postings.
import fc from 'fast-check';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import type { EventLogSignals } from '../eventstore/signals.js';
import type { PassageOp } from './feed.js';
import { startStatFolder } from './stat-folder-background.js';
import { foldPassageStats, foldPassageStatsOnce } from './stat-folder.js';
import { applyPassageOp } from './write.js';
import { mergePendingPostings } from './pending-postings.js';
import { searchPassages } from './search.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(6));
});
afterAll(async () => close?.());

const WORDS = ['the', 'falcon', 'granite', 'ledger', 'harbour', 'budget', '2026', 'über', 'straße'];

type Step =
  | { kind: 'put'; corpus: number; source: number; replace: boolean; contents: string[][]; copies: number; readers: string[] | null }
  | { kind: 'drop-source'; corpus: number; source: number }
  | { kind: 'drop-corpus'; corpus: number }
  // Folds now, waited for: between two writes.
  | { kind: 'fold' }
  // Starts folds that run while the next writes commit (two at once: two instances).
  | { kind: 'fold-meanwhile'; folders: number };

const corpus = fc.nat(2);
const source = fc.nat(3);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      corpus,
      source,
      replace: fc.boolean(),
      contents: fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
      // Now and then a put of several statements (a large file's passages), so of several changes.
      copies: fc.constantFrom(1, 1, 1, 1, 400),
      // A connector's passages carry readers: counted under each of them (stat-keys.ts).
      readers: fc.option(fc.subarray(['user:a', 'email:b@x.example', 'group:slack_channel:c:C1']), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop-source' as const), corpus, source }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop-corpus' as const), corpus }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fold' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('fold-meanwhile' as const), folders: fc.integer({ min: 1, max: 2 }) }) },
);

/** The corpora's statistics as stored, and as a recount of their passages gives them, by statistics key (a corpus, or a reader of it). */
async function storedAndRecounted(corpora: string[]) {
  const ofCorpora = sql`split_part(corpus, chr(10), 1) = any(${corpora}::text[])`;
  const stored = {
    corpora: (
      await sql`select corpus as key, doc_count::int as docs, total_words::int as words from passage_corpus_stats where ${ofCorpora} order by corpus`.execute(
        db,
      )
    ).rows,
    terms: (await sql`select corpus as key, term, df from passage_term_stats where ${ofCorpora} order by corpus, term`.execute(db)).rows,
  };
  const keys = sql`unnest(case when readers is null then array[corpus] else array(select distinct corpus || chr(10) || r from unnest(readers) r) end)`;
  const recounted = {
    corpora: (
      await sql`select k as key, count(*)::int as docs, sum(word_count)::int as words from passages, ${keys} as k
        where corpus = any(${corpora}::text[]) group by k order by k`.execute(db)
    ).rows,
    terms: (
      await sql`select k as key, lexeme as term, count(*)::int as df from passages, ${keys} as k, unnest(tsvector_to_array(tsv)) as lexeme
        where corpus = any(${corpora}::text[]) group by k, lexeme order by k, lexeme`.execute(db)
    ).rows,
  };
  return { stored, recounted };
}

/** Folds until nothing is left, whoever holds the folder's lock meanwhile. */
async function foldAll() {
  for (let i = 0; i < 1000; i++) {
    if ((await foldPassageStats(db)) !== 'busy') return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the folder stayed busy');
}

function opOf(s: Exclude<Step, { kind: 'fold' | 'fold-meanwhile' }>, corpora: string[], nextId: () => number): PassageOp {
  const c = corpora[s.corpus];
  if (s.kind === 'drop-corpus') return { kind: 'drop-corpus', corpus: c };
  if (s.kind === 'drop-source') return { kind: 'drop-source', corpus: c, source: `s${s.source}` };
  const contents = Array.from({ length: s.copies }, () => s.contents.map((words) => words.join(' '))).flat();
  return {
    kind: 'put',
    corpus: c,
    source: `s${s.source}`,
    replace: s.replace,
    // Fresh ids per put: a source put twice without replace holds both sets.
    passages: contents.map((content, i) => ({
      id: `${c}/s${s.source}#${nextId()}`,
      url: `/x/${s.source}`,
      title: 'T',
      heading: i % 2 ? 'Granite' : '',
      content,
      ordinal: i,
      page: null,
      readers: s.readers,
    })),
  };
}

test('after any puts, replacements and drops across corpora, folded at any point, the statistics equal a recount', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), fc.boolean(), async (steps, together) => {
      const corpora = [0, 1, 2].map(() => `test:${randomUUID()}`);
      let n = 0;
      const meanwhile: Promise<unknown>[] = [];
      const writes: PassageOp[] = [];
      const flush = async () => {
        if (!writes.length) return;
        const ops = writes.splice(0);
        // One transaction per op, or (as a replay or an append of several events) all in one.
        if (together)
          await db.transaction().execute(async (trx) => {
            for (const op of ops) await applyPassageOp(trx, op);
          });
        else for (const op of ops) await db.transaction().execute((trx) => applyPassageOp(trx, op));
      };
      for (const s of steps) {
        if (s.kind === 'fold') {
          await flush();
          await foldAll();
        } else if (s.kind === 'fold-meanwhile') {
          await flush();
          for (let i = 0; i < s.folders; i++) meanwhile.push(foldPassageStatsOnce(db, 1 + i));
        } else writes.push(opOf(s, corpora, () => ++n));
      }
      await flush();
      await Promise.all(meanwhile);
      await foldAll();
      const { stored, recounted } = await storedAndRecounted(corpora);
      expect(stored).toEqual(recounted);
    }),
    { numRuns: 40 },
  );
}, 600_000);

test('the background folder, told of a commit, folds it', async () => {
  const wakes: (() => void)[] = [];
  const signals: EventLogSignals = {
    onAppend: (_types, wake) => {
      wakes.push(wake);
      return () => {};
    },
  };
  const errors: unknown[] = [];
  const folder = startStatFolder(db, { signals, types: ['FilePassagesRecorded'], onError: (err) => errors.push(err) });
  try {
    const c = `test:${randomUUID()}`;
    await db.transaction().execute((trx) =>
      applyPassageOp(trx, {
        kind: 'put',
        corpus: c,
        source: 's',
        replace: false,
        passages: [{ id: `${c}#0`, url: '/x', title: 'T', heading: '', content: 'harbour budget', ordinal: 0, page: null }],
      }),
    );
    for (const wake of wakes) wake();
    await expect
      .poll(async () => (await sql<{ n: number }>`select count(*)::int as n from passage_term_stats where corpus = ${c}`.execute(db)).rows[0].n, {
        timeout: 60_000,
        interval: 50,
      })
      .toBe(2);
    expect(errors).toEqual([]);
  } finally {
    await folder.stop();
  }
}, 120_000);

test('a write leaves its postings pending, a search finds them there, and the background folder merges them into the index', async () => {
  const wakes: (() => void)[] = [];
  const signals: EventLogSignals = {
    onAppend: (_types, wake) => {
      wakes.push(wake);
      return () => {};
    },
  };
  const errors: unknown[] = [];
  const c = `test:${randomUUID()}`;
  const put = (source: string) =>
    db.transaction().execute((trx) =>
      applyPassageOp(trx, {
        kind: 'put',
        corpus: c,
        source,
        replace: false,
        passages: Array.from({ length: 300 }, (_, i) => ({
          id: `${c}#${source}-${i}`,
          url: `/${source}-${i}`,
          title: 'Ledger',
          heading: '',
          content: `harbour granite ledger entry ${i}`,
          ordinal: i,
          page: null,
        })),
      }),
    );
  await put('a');
  await foldPassageStats(db);
  // The statistics folded, the postings still pending (migration 0043): found all the same.
  expect(await searchPassages(db, [c], 'harbour granite', 3)).toHaveLength(3);
  const folder = startStatFolder(db, { signals, types: ['FilePassagesRecorded'], onError: (err) => errors.push(err) });
  try {
    await put('b');
    for (const wake of wakes) wake();
    await expect
      .poll(
        async () =>
          (await sql<{ n: number }>`select coalesce(max(doc_count), 0)::int as n from passage_corpus_stats where corpus = ${c}`.execute(db)).rows[0].n,
        {
          timeout: 60_000,
          interval: 50,
        },
      )
      .toBe(600);
    // Stopping waits for the fold under way, the merge that follows it included.
    await folder.stop();
    expect(await mergePendingPostings(db)).toBe(0);
    expect(await searchPassages(db, [c], 'harbour granite', 3)).toHaveLength(3);
    expect(errors).toEqual([]);
  } finally {
    await folder.stop();
  }
}, 120_000);
