import type { Kysely } from 'kysely';

// What each price alert has seen and whether a firing awaits its run (projection of
// services/market). The lead renumbers this migration at merge.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('price_alert_states')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('alert_type', 'text', (c) => c.notNull())
    .addColumn('terms', 'jsonb', (c) => c.notNull())
    .addColumn('watch', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('last_price', 'double precision', (c) => c.notNull())
    .addColumn('last_previous_close', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('last_quote_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fired_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('last_reason', 'text')
    .addColumn('pending_occurrence_key', 'text')
    .addColumn('pending_reason', 'text')
    .addColumn('pending_fired_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('price_alert_states_owner_idx').on('price_alert_states').column('owner_id').execute();
}
