import { type Kysely, sql } from 'kysely';

// Issue 33, the answer API: API keys (hashed), their use per month, and the per-minute counters
// every app instance shares (services/apikeys/tables.ts).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('api_keys')
    .addColumn('key_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('search_queries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_key_usage_pk', ['key_id', 'month'])
    .execute();
  await db.schema.createIndex('api_key_usage_user_idx').on('api_key_usage').columns(['user_id', 'month']).execute();
  await db.schema
    .createTable('api_key_rate_windows')
    .addColumn('key_id', 'uuid', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_rate_windows_pk', ['key_id', 'window_start'])
    .execute();
}
