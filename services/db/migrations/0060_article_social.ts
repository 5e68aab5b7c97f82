import type { Kysely } from 'kysely';

// Seed 003's article social_info as real counts: who likes a thread's article, who viewed it (each
// viewer once), and which threads were forked from it (threads.forked_from). Counted by their
// indexes' leading context_uuid.
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('threads').addColumn('forked_from', 'text').execute();
  await db.schema.createIndex('threads_forked_from_idx').on('threads').column('forked_from').where('forked_from', 'is not', null).execute();
  await db.schema
    .createTable('article_likes')
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('liked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_likes_pkey', ['context_uuid', 'user_id'])
    .execute();
  await db.schema.createIndex('article_likes_user_idx').on('article_likes').column('user_id').execute();
  await db.schema
    .createTable('article_views')
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('viewer_key', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_views_pkey', ['context_uuid', 'viewer_key'])
    .execute();
  await db.schema.createIndex('article_views_viewer_idx').on('article_views').column('viewer_key').execute();
}
