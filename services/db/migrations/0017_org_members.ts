import { sql, type Kysely } from 'kysely';

// The organisations domain's read models (projections of the org-<uuid> streams): each
// organisation with its details, permissions and user access; its members; its pending invitations.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('orgs')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('email_domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('default_thread_access', 'text', (c) => c.notNull().defaultTo('owner-only'))
    .addColumn('pdf_downloads_restricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('public_sharing_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('space_creation', 'text', (c) => c.notNull().defaultTo('everyone'))
    .addColumn('user_access', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('org_members')
    .addColumn('member_id', 'text', (c) => c.primaryKey())
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('org_members_org_user_key', ['org_uuid', 'user_id'])
    .execute();
  await db.schema.createIndex('org_members_user_idx').on('org_members').column('user_id').execute();
  await db.schema
    .createTable('org_invitations')
    .addColumn('invitation_id', 'text', (c) => c.primaryKey())
    .addColumn('org_uuid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_invitations_org_idx').on('org_invitations').column('org_uuid').execute();
  await db.schema.createIndex('org_invitations_email_idx').on('org_invitations').column('email').execute();
}
