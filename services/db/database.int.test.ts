// Statements marked hot are sent as named statements, prepared once per connection: raw SQL by
// the name it gives, builder SQL by a name made from its text (one per shape).
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { prepared, preparedBuilt, type Db } from './database.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb(1));
});
afterAll(async () => close?.());

test('marked statements are prepared once per connection, one per shape; unmarked ones are not', async () => {
  await db.connection().execute(async (c) => {
    const byId = (id: string) => preparedBuilt(c.selectFrom('passage_corpora').select('corpus').where('corpus', '=', id));
    for (const id of ['a', 'b', 'c']) await byId(id).execute();
    await preparedBuilt(c.selectFrom('passage_corpora').select(['corpus', 'content_hash']).where('corpus', '=', 'a')).execute();
    await c.selectFrom('passage_corpora').select('indexed_at').where('corpus', '=', 'a').execute();
    await sql`${sql.raw(prepared('named_here'))} select 1 as one`.execute(c);
    const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by statement collate "C"`.execute(c);
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
