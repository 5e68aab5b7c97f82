import type { Kysely } from 'kysely';

// Seed 000's watchlists: one row per item of a person's watchlist of one type, in its order
// (services/watchlist/projections.ts). Read by (user_id, list) in position order.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('watchlist_items')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('image_url_dark', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_items_pkey', ['user_id', 'list', 'identifier'])
    .execute();
}
