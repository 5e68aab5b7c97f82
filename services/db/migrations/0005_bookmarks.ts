import type { Kysely } from 'kysely';

// Read model of each user's default Bookmarks collection (a projection of the bookmark events).
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('bookmarked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'context_uuid'])
    .execute();
}
