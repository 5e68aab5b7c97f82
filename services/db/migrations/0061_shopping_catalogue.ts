import { type Kysely, sql } from 'kysely';

// Issue 35, the product catalogue (projections of services/shopping/catalogue): each merchant's
// products from its feed (one row per product, its variants as options) and each merchant's last
// sync; the product cards attached to answers. A product's text is searched through a weighted
// tsvector (title over brand over description) under a GIN index, and its title and brand alone
// through a second one.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('shopping_products')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('images', sql`text[]`, (c) => c.notNull())
    .addColumn('rating', 'real')
    .addColumn('review_count', 'integer')
    .addColumn('min_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('available', 'boolean', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', left(description, 4000)), 'C')`,
        )
        .stored(),
    )
    // The title and brand alone: the first tier of a search, small enough to rank without reading descriptions.
    .addColumn('title_search', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B')`).stored(),
    )
    .execute();
  await db.schema.createIndex('shopping_products_merchant_idx').on('shopping_products').column('merchant_id').execute();
  await sql`create index shopping_products_search_idx on shopping_products using gin (search)`.execute(db);
  await sql`create index shopping_products_title_search_idx on shopping_products using gin (title_search)`.execute(db);
  await db.schema
    .createTable('shopping_options')
    .addColumn('option_key', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('size', 'text')
    .addColumn('color', 'text')
    .addColumn('price_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('availability', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_options_product_idx').on('shopping_options').column('product_id').execute();
  await db.schema.createIndex('shopping_options_merchant_idx').on('shopping_options').column('merchant_id').execute();
  await db.schema
    .createTable('shopping_merchant_syncs')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('product_count', 'integer', (c) => c.notNull())
    .addColumn('feed_hash', 'text')
    .addColumn('last_ok_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('shopping_entry_widgets')
    .addColumn('backend_uuid', 'text', (c) => c.primaryKey())
    .addColumn('context_uuid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('widgets', 'jsonb', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shopping_entry_widgets_context_idx').on('shopping_entry_widgets').column('context_uuid').execute();
  await db.schema.createIndex('shopping_entry_widgets_user_idx').on('shopping_entry_widgets').column('user_id').execute();
}
