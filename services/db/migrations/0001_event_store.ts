import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('events')
    .addColumn('global_position', 'bigserial', (c) => c.primaryKey())
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('stream_version', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The writing transaction's id: async consumers read only below the oldest running
    // transaction, so an event whose transaction commits late is never skipped.
    .addColumn('tx_id', sql`xid8`, (c) => c.notNull().defaultTo(sql`pg_current_xact_id()`))
    .addUniqueConstraint('events_stream_version_key', ['stream_id', 'stream_version'])
    .execute();
  await db.schema.createIndex('events_tx_position_idx').on('events').columns(['tx_id', 'global_position']).execute();
  await db.schema.createIndex('events_type_idx').on('events').column('type').execute();

  await db.schema
    .createTable('consumer_checkpoints')
    .addColumn('consumer', 'text', (c) => c.primaryKey())
    .addColumn('tx_id', sql`xid8`, (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
