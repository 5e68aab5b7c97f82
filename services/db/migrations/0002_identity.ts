import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('visitor_id', 'text')
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('visitor_claims')
    .addColumn('visitor_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('via', 'text')
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').columns(['user_id', 'queued_at']).execute();
}
