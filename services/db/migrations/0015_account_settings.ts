import type { Kysely } from 'kysely';

// Read models of each person's own settings (projections of the account-settings stream): one
// row per person who saved anything, and their instructions per site.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('account_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('answer_language', 'text', (c) => c.notNull())
    .addColumn('default_search_mode', 'text', (c) => c.notNull())
    .addColumn('incognito_by_default', 'boolean', (c) => c.notNull())
    .addColumn('about_me', 'text', (c) => c.notNull())
    .addColumn('answer_style', 'text', (c) => c.notNull())
    .addColumn('default_model', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('site_instructions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_instructions_pk', ['user_id', 'domain'])
    .execute();
}
