// Migration 0082 on statistics keyed by their two texts: each row keeps its counts under
// passage_key() of its statistics key and term, the key the folder and the search find it by.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../../tests/support/database.js';
import { foldPassageStats } from '../../passages/stat-folder.js';
import { applyPassageOp, searchPassages } from '../../passages/index.js';
import type { Db } from '../database.js';
import { up } from './0082_term_stats_by_key.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const put = (source: string, content: string, readers: string[] | null = null) => ({
  kind: 'put' as const,
  corpus: 'org:k',
  source,
  replace: false,
  passages: [{ id: `org:k/${source}`, url: `/d/${source}`, title: 'Doc', heading: '', content, ordinal: 0, page: null, readers }],
});

test('the statistics keep their counts, each row under the key of its statistics key and term', async () => {
  await db.transaction().execute(async (trx) => {
    await applyPassageOp(trx, put('a', 'harbour lantern harbour'));
    await applyPassageOp(trx, put('b', 'lantern budget', ['user:u']));
  });
  expect(await foldPassageStats(db)).not.toBe('busy');
  const rows = async () => (await sql`select corpus, term, df from passage_term_stats order by corpus, term`.execute(db)).rows;
  const before = await rows();
  // The table as it was before 0082, with the same rows.
  await sql`drop table passage_term_stats`.execute(db);
  await sql`create table passage_term_stats (corpus text not null, term text not null, df integer not null, primary key (corpus, term))`.execute(db);
  for (const r of before as { corpus: string; term: string; df: number }[])
    await sql`insert into passage_term_stats values (${r.corpus}, ${r.term}, ${r.df})`.execute(db);

  await up(db as never);
  expect(await rows()).toEqual(before);
  const { rows: unkeyed } = await sql`select * from passage_term_stats where key is distinct from passage_key(corpus, term)`.execute(db);
  expect(unkeyed).toEqual([]);
  expect(before).toContainEqual({ corpus: 'org:k\nuser:u', term: 'budget', df: 1 });
  // The folder and the search find them by their keys: a new passage adds to a migrated row.
  await db.transaction().execute((trx) => applyPassageOp(trx, put('c', 'lantern')));
  expect(await foldPassageStats(db)).toEqual({ folded: 1 });
  expect(await rows()).toContainEqual({ corpus: 'org:k', term: 'lantern', df: 2 });
  expect((await searchPassages(db, ['org:k'], 'harbour lantern', 3)).map((p) => p.id)).toEqual(['org:k/a', 'org:k/c']);
});
