import type { Kysely } from 'kysely';

// Issue 33, search filters: an entry keeps the web search filters its question was asked with
// (domains in or out, recency, academic focus), shown with the answer; null when it had none.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('thread_entries').addColumn('search_filters', 'jsonb').execute();
}
