import { type Kysely, sql } from 'kysely';

// Issue 35: products ranked as passages are, by Okapi BM25 (services/shopping/catalogue/queries.ts).
// Each product's terms with the passages' tokens (PostgreSQL's 'simple' configuration: words in
// lower case, no stemming, no stop words dropped), the title and brand twice as BM25F weighs a
// title, and its length in words, both counted by the catalogue's projection as the passages'
// writes count theirs (no index: a search's candidates come from the existing full-text indexes). The statistics
// BM25 reads, per merchant so a sync recounts only its own: each term's document frequency, and
// the products and their words. They are counted off the sync's transaction (stat-folder.ts):
// the projection only records which merchant changed (shopping_stat_changes).
// (Migration 0067 held an earlier build of this and stays unused.)
export async function up(db: Kysely<unknown>) {
  await sql`alter table shopping_products add column bm25_terms tsvector not null default ''::tsvector, add column word_count integer not null default 0`.execute(
    db,
  );
  // The products already there, with the same terms as the projection counts (runs of letters and digits in lower case).
  await sql`update shopping_products set bm25_terms = to_tsvector('simple', array_to_string(w.words, ' ')), word_count = cardinality(w.words)
    from (select product_id, array(select m[1] from regexp_matches(lower(title || ' ' || coalesce(brand, '') || ' ' || title || ' ' || coalesce(brand, '') || ' ' || left(description, 4000)),
            '[[:alnum:]]+', 'g') as m) as words
          from shopping_products) w
    where w.product_id = shopping_products.product_id`.execute(db);
  await sql`alter table shopping_products alter column bm25_terms drop default, alter column word_count drop default`.execute(db);
  // Looked up by term (a search's words); a merchant's rows go together when it is recounted.
  await db.schema
    .createTable('shopping_term_stats')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('df', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shopping_term_stats_pkey', ['term', 'merchant_id'])
    .execute();
  await db.schema
    .createTable('shopping_catalogue_stats')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey())
    .addColumn('products', 'bigint', (c) => c.notNull())
    .addColumn('words', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shopping_stat_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .execute();
  // The products already there, counted once.
  await sql`insert into shopping_term_stats (term, merchant_id, df)
    select u.term, p.merchant_id, count(*) from shopping_products p, unnest(tsvector_to_array(p.bm25_terms)) as u(term) group by u.term, p.merchant_id`.execute(
    db,
  );
  await sql`insert into shopping_catalogue_stats (merchant_id, products, words)
    select merchant_id, count(*), sum(word_count) from shopping_products group by merchant_id`.execute(db);
}
