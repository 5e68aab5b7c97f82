import type { Kysely } from 'kysely';

// What the product remembers about each person, and whether answers may use it (projections of
// services/memories). The lead renumbers this migration at merge.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('memories')
    .addColumn('memory_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('from_entry_uuid', 'text')
    .addColumn('verdict', 'text')
    .addColumn('should_forget', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('feedback_type', 'text')
    .addColumn('feedback_comment', 'text')
    .addColumn('feedback_entry_uuid', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memories_user_created_idx').on('memories').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('memory_switches')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
