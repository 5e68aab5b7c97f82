// A passage's index keys computed in JavaScript (read-keys.ts, pg-hash.ts) are the database's:
// hashtextextended for any text and seed, and for written rows the keys passage_read_keys()
// gives (what a search looks up with passage_key()), listed so in the index's segments, for every
// kind of readers and after a change of readers.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { listedUnder, misindexedPassages } from '../../tests/support/passage-postings.js';
import type { Db } from '../db/database.js';
import { closeWorkerPools } from '../workers/index.js';
import type { PassageOp, PassageRow } from './feed.js';
import { asInt8, hashTextExtended } from './pg-hash.js';
import { applyPassageOp } from './write.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => {
  await closeWorkerPools();
  await close?.();
});

// Every length through three 12-byte blocks and a tail, and characters of every UTF-8 width.
const text = fc.string({ unit: fc.constantFrom('a', 'Z', '7', '\n', ':', 'é', 'ß', '日', '😀'), maxLength: 40 });
const seed = fc.oneof(fc.constant(0n), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }));

test('hashtextextended in JavaScript is the database’s, for any text and seed', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(text, seed), { minLength: 1, maxLength: 50 }), async (pairs) => {
      const { rows } = await sql<{ h: string }>`
        select hashtextextended(t, s)::text as h from unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => String(p[1]))}::int8[]) as x(t, s)`.execute(
        db,
      );
      const ours = pairs.map(([t, s]) => {
        const u = BigInt.asUintN(64, s);
        return String(asInt8(hashTextExtended(t, { hi: Number(u >> 32n), lo: Number(u & 0xffffffffn) })));
      });
      expect(ours).toEqual(rows.map((r) => r.h));
    }),
    { numRuns: 40 },
  );
});

const PRINCIPALS = ['user:a', 'user:b', 'email:c@x.example', 'domain:x.example'];
const put = (corpus: string, readers: (string[] | null)[], words: (i: number) => string): PassageOp => ({
  kind: 'put',
  corpus,
  source: 'all',
  replace: true,
  passages: readers.map(
    (r, i): PassageRow => ({
      id: `${corpus}#${String(i).padStart(4, '0')}`,
      url: `/d/${i}`,
      title: 'Doc',
      heading: `Part ${i}`,
      content: words(i),
      ordinal: i,
      page: null,
      readers: r,
    }),
  ),
});

const apply = (op: PassageOp) => db.transaction().execute((trx) => applyPassageOp(trx, op));

test('written rows are listed under the keys the database gives them, whatever their readers, in a small put and a large one', async () => {
  const readers = fc.sample(fc.option(fc.subarray(PRINCIPALS), { nil: null }), { numRuns: 2100, seed: 31 });
  const words = (i: number) => ['Hive', 'straße', '日本', 'honeycomb', 'x'.repeat(30), String(i)].slice(0, 1 + (i % 6)).join(' ');
  for (const rows of [readers.slice(0, 40), readers]) {
    const corpus = `org:${randomUUID()}`;
    await apply(put(corpus, rows, words));
    const { rows: counted } = await sql<{ n: string }>`select count(*)::text as n from passages where corpus = ${corpus}`.execute(db);
    expect(counted[0].n).toBe(String(rows.length));
    expect(await misindexedPassages(db, corpus)).toEqual([]);
    // New readers, new keys.
    await apply({ kind: 'set-readers', corpus, source: 'all', readers: ['user:b'] });
    expect(await misindexedPassages(db, corpus)).toEqual([]);
    expect(await listedUnder(db, corpus, `${corpus}\nuser:b`, 'hive')).toHaveLength(rows.length);
  }
});
