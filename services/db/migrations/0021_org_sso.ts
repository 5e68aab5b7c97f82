import { type Kysely, sql } from 'kysely';

// An organisation's single sign-on (projection of its OrgSso* events): the email domain it
// claimed with the DNS TXT token that proves it, whether that proof was seen, and its OpenID
// provider. The client secret is kept sealed (encrypted with the server's key), never in clear.
// One verified domain belongs to one organisation: the partial unique index says so even when
// two verifications race.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('org_sso')
    .addColumn('org_uuid', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('issuer', 'text')
    .addColumn('client_id', 'text')
    .addColumn('client_secret_sealed', 'text')
    .addColumn('configured_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_sso_verified_domain_idx').on('org_sso').column('domain').unique().where(sql.ref('verified_at'), 'is not', null).execute();
}
