import { sql, type Kysely } from 'kysely';

// Read models of Spaces (projections of the Space events): the Spaces with their links and
// thread counts, and their members and invitations. A person's list is their owned Spaces plus
// those whose member rows carry their email, newest change first.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('spaces')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('access', 'integer', (c) => c.notNull())
    .addColumn('enable_web_by_default', 'boolean', (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('owner_user_id', 'text', (c) => c.notNull())
    .addColumn('thread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spaces_owner_updated_idx').on('spaces').columns(['owner_user_id', 'updated_at desc', 'uuid']).execute();

  await db.schema
    .createTable('space_members')
    .addColumn('space_uuid', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('invited_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('space_members_pk', ['space_uuid', 'member_id'])
    .execute();
  await db.schema.createIndex('space_members_email_idx').on('space_members').columns(['email', 'space_uuid']).execute();
  await db.schema
    .createIndex('threads_collection_idx')
    .on('threads')
    .columns(['collection_uuid', 'updated_at desc'])
    .where(sql.ref('collection_uuid'), 'is not', null)
    .execute();
}
