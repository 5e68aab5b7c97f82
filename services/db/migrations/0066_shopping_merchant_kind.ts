import type { Kysely } from 'kysely';

// A merchant's kind (issue 35): 'feed' (a product feed, paid in the thread through Stripe) or
// 'shopify' (a Shopify store, which takes carts and is paid at the store's own checkout).
// Written by services/shopping/catalogue/projections.ts; the rows before it are feeds.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('shopping_merchant_syncs')
    .addColumn('merchant_kind', 'text', (c) => c.notNull().defaultTo('feed'))
    .execute();
}
