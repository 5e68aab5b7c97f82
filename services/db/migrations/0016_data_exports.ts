import type { Kysely } from 'kysely';

// The read model of data exports (services/rights): one row per archive a person asked for.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('data_exports')
    .addColumn('export_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'requested_at']).execute();
}
