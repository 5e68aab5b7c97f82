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
}
