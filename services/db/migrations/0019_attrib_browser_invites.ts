import type { Kysely } from 'kysely';

// The assistant browser's invite codes and who claimed one (projections of services/browser),
// and how many questions each person asked (kept by the attribution consumer, which records the
// query milestones 1, 3, 5 and 10).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('browser_invites')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_by', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('browser_invites_issued_at_idx').on('browser_invites').column('issued_at').execute();
  await db.schema
    .createTable('browser_invite_claims')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('attribution_query_counts')
    .addColumn('owner_key', 'text', (c) => c.primaryKey())
    .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assistant_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
