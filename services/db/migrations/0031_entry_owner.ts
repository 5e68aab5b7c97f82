import { type Kysely, sql } from 'kysely';

// The thread's owner and incognito on each entry too (both fixed when the thread starts), so a
// person's latest answered questions (the earlier conversation an answer may draw on) are one
// short index range, not a join over every thread they own sorted on each answer: with 10,000
// threads that read took about 50 ms of the database per answer. The lead renumbers this at merge.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('thread_entries').addColumn('owner_user_id', 'text').execute();
  await db.schema
    .alterTable('thread_entries')
    .addColumn('incognito', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`update thread_entries e set owner_user_id = t.owner_user_id, incognito = t.incognito from threads t where t.context_uuid = e.context_uuid`.execute(
    db,
  );
  await sql`create index thread_entries_owner_answered_idx on thread_entries (owner_user_id, updated_at desc)
    where status = 'completed' and not incognito`.execute(db);
}
