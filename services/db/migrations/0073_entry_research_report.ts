import type { Kysely } from 'kysely';

// Issue 33, Research: an entry asked as a Research report says so, so a reload shows it as one
// (its progress is at GET …/research) without guessing from the answer's headings.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('thread_entries')
    .addColumn('research_report', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
