import type { Kysely } from 'kysely';

// Upsell marks (projection of services/upsells): per person or visitor and upsell, how many
// times a counted one was shown and when it was clicked, read on every upsell request.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('upsell_marks')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('upsell_name', 'text', (c) => c.notNull())
    .addColumn('impressions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interacted_at', 'timestamptz')
    .addPrimaryKeyConstraint('upsell_marks_pk', ['subject', 'upsell_name'])
    .execute();
}
