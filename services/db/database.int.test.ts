// Statements marked hot are sent as named statements, prepared once per connection: raw SQL by
// the name it gives, builder SQL by a name made from its text (one per shape). A transaction
// sent in one write commits or rolls back whole.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { prepared, preparedBuilt, transactionInTwoTrips, type Db } from './database.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(1));
});
afterAll(async () => close?.());

test('marked statements are prepared once per connection, one per shape; unmarked ones are not', async () => {
  await db.connection().execute(async (c) => {
    const byId = (id: string) => preparedBuilt(allTables(c).selectFrom('passage_corpora').select('corpus').where('corpus', '=', id));
    for (const id of ['a', 'b', 'c']) await byId(id).execute();
    await preparedBuilt(allTables(c).selectFrom('passage_corpora').select(['corpus', 'content_hash']).where('corpus', '=', 'a')).execute();
    await allTables(c).selectFrom('passage_corpora').select('indexed_at').where('corpus', '=', 'a').execute();
    await sql`${sql.raw(prepared('named_here'))} select 1 as one`.execute(c);
    const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by statement collate "C"`.execute(
      c,
    );
    expect(rows.map((r) => r.statement.replace(/\s+/g, ' '))).toEqual([
      '/*prepared:named_here*/ select 1 as one',
      'select "corpus" from "passage_corpora" where "corpus" = $1 /*prepared*/',
      'select "corpus", "content_hash" from "passage_corpora" where "corpus" = $1 /*prepared*/',
    ]);
    expect(rows[0].name).toBe('named_here');
    expect(rows.slice(1).map((r) => r.name)).toEqual([expect.stringMatching(/^built_[0-9a-f]{16}$/), expect.stringMatching(/^built_[0-9a-f]{16}$/)]);
    expect(rows[1].name).not.toBe(rows[2].name);
  });
});

describe('transactionInTwoTrips (one connection in the pool: every case reuses it)', () => {
  const put = (corpus: string) =>
    preparedBuilt(allTables(db).insertInto('passage_corpora').values({ corpus, content_hash: 'h', indexed_at: new Date() }).returning('corpus')).compile();
  const corpora = async (prefix: string) =>
    (await allTables(db).selectFrom('passage_corpora').select('corpus').where('corpus', 'like', `${prefix}%`).orderBy('corpus').execute()).map((r) => r.corpus);

  test('commits every statement, answers in order, and prepares the marked ones', async () => {
    const { committed, results } = await transactionInTwoTrips(db, [put('ok-a'), sql`select 2 as two`.compile(db), put('ok-b')], () => true);
    expect(committed).toBe(true);
    expect(results.map((r) => r.rows)).toEqual([[{ corpus: 'ok-a' }], [{ two: 2 }], [{ corpus: 'ok-b' }]]);
    expect(await corpora('ok-')).toEqual(['ok-a', 'ok-b']);
    // The same shape again, on the same connection: its prepared statement is reused.
    await transactionInTwoTrips(db, [put('ok-c')], () => true);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_prepared_statements where statement like 'insert into "passage_corpora"%'`.execute(db);
    expect(rows[0].n).toBe(1);
  });

  test('rolls back whole when commitIf says no, or throws', async () => {
    const no = await transactionInTwoTrips(db, [put('no-a'), put('no-b')], (results) => results.length === 0);
    expect(no.committed).toBe(false);
    await expect(
      transactionInTwoTrips(db, [put('throw-a')], () => {
        throw new Error('not this');
      }),
    ).rejects.toThrow('not this');
    expect([...(await corpora('no-')), ...(await corpora('throw-'))]).toEqual([]);
  });

  test('a failing statement rolls back the ones before and after it, and its own error is thrown', async () => {
    const failing = transactionInTwoTrips(db, [put('fail-a'), put('fail-a'), put('fail-b')], () => true);
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await corpora('fail-')).toEqual([]);
    // The connection went back to the pool usable, and no longer pipelined: a plain transaction works.
    await db.transaction().execute(async (trx) => {
      await allTables(trx).insertInto('passage_corpora').values({ corpus: 'after-a', content_hash: 'h', indexed_at: new Date() }).execute();
    });
    expect(await corpora('after-')).toEqual(['after-a']);
  });
});
