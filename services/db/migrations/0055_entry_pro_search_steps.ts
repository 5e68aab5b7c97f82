import type { Kysely } from 'kysely';

// Issue 33, Pro Search: an entry keeps the steps its Pro Search took (the searches, the pages
// read, the time), shown with the answer after a reload; null for a quick answer.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('thread_entries').addColumn('pro_search_steps', 'jsonb').execute();
}
