import { type Kysely, sql } from 'kysely';

// Issue 35: products ranked as passages are, by Okapi BM25 (services/shopping/catalogue/queries.ts).
// Each product's terms with the passages' tokens (PostgreSQL's 'simple' configuration: words in
// lower case, no stemming, no stop words dropped), the title and brand twice as BM25F weighs a
// title, under a GIN index, and its length in words; the catalogue's statistics BM25 reads, kept
// by the catalogue's projection: each term's document frequency, and the products and their words.
const TERMS = `to_tsvector('simple', title || ' ' || title || ' ' || coalesce(brand, '') || ' ' || coalesce(brand, '') || ' ' || left(description, 4000))`;

export async function up(db: Kysely<unknown>) {
  // A tsvector's words, each counted as often as it occurs (its positions).
  await sql`create function shopping_word_count(tsvector) returns integer language sql immutable parallel safe
    as $$ select coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0)::integer from unnest($1) as u $$`.execute(db);
  await sql`alter table shopping_products
    add column bm25_terms tsvector generated always as (${sql.raw(TERMS)}) stored,
    add column word_count integer generated always as (shopping_word_count(${sql.raw(TERMS)})) stored`.execute(db);
  await sql`create index shopping_products_bm25_terms_idx on shopping_products using gin (bm25_terms)`.execute(db);
  await db.schema
    .createTable('shopping_term_stats')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('df', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('shopping_catalogue_stats')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('products', 'bigint', (c) => c.notNull())
    .addColumn('words', 'bigint', (c) => c.notNull())
    .execute();
  // The products already there, counted once.
  await sql`insert into shopping_term_stats (term, df) select u.lexeme, count(*) from shopping_products p, unnest(p.bm25_terms) as u group by u.lexeme`.execute(
    db,
  );
  await sql`insert into shopping_catalogue_stats (id, products, words) select 1, count(*), coalesce(sum(word_count), 0) from shopping_products having count(*) > 0`.execute(
    db,
  );
}
