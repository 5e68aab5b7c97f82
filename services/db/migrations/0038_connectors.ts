import { type Kysely, sql } from 'kysely';

// Connections to providers (services/connectors): the read model of the connection streams, the
// sealed tokens of each (never in an event), and the OAuth attempts under way (one row from
// leaving for the provider until the callback uses it, at most ten minutes).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('connector_connections')
    .addColumn('connection_uuid', 'text', (c) => c.primaryKey())
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('org_uuid', 'text')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('established_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One connection per account of a connector for each owner (a person's own, or an organisation's).
  await sql`create unique index connector_connections_account_idx on connector_connections (connector, owner_user_id, coalesce(org_uuid, ''), account_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('connector_connections_org_idx')
    .on('connector_connections')
    .column('org_uuid')
    .where(sql.ref('org_uuid'), 'is not', null)
    .execute();
  await db.schema
    .createTable('connector_credentials')
    .addColumn('connection_uuid', 'text', (c) => c.primaryKey())
    .addColumn('access_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_sealed', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('connector_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('connector', 'text', (c) => c.notNull())
    .addColumn('org_uuid', 'text')
    .addColumn('verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('return_path', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // What each connection syncs (items.ts): picked files and folders and what was found under them.
  await db.schema
    .createTable('connector_items')
    .addColumn('item_uuid', 'text', (c) => c.primaryKey())
    .addColumn('connection_uuid', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text', (c) => c.notNull())
    .addColumn('drive_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('parent_uuids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('picked', 'boolean', (c) => c.notNull())
    .addColumn('repository_type', 'text', (c) => c.notNull())
    .addColumn('repository_owner', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('remote_updated_at', 'text')
    .addColumn('readers', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('file_uuid', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One item per remote id of a connection and repository: picking it again syncs that item again.
  await db.schema
    .createIndex('connector_items_remote_idx')
    .on('connector_items')
    .columns(['connection_uuid', 'repository_type', 'repository_owner', 'remote_id'])
    .unique()
    .execute();
  await db.schema.createIndex('connector_items_repository_idx').on('connector_items').columns(['repository_type', 'repository_owner', 'updated_at']).execute();
  // A connection's sync: where its deltas go on from, and whether its provider asked it to wait.
  await db.schema
    .createTable('connector_syncs')
    .addColumn('connection_uuid', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text')
    .addColumn('rate_limited_until', 'timestamptz')
    .addColumn('last_synced_at', 'timestamptz')
    .execute();
}
