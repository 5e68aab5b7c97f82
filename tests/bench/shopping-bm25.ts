// The passages' ranking (Okapi BM25, k1 1.2 and b 0.75, their tokens: runs of letters and digits
// in lower case with no stemming and no stop words dropped, the title and brand counted twice as
// BM25F weighs a title) tried on the product catalogue, measured beside the catalogue's own
// ranking (tests/bench/shopping-catalogue.ts). What a production version would keep is built here
// on the bench's database only: each product's tsvector of those tokens with its word count (a
// GIN index), and the catalogue's statistics (each term's document frequency, the products and
// their average length), as a sync would write them. A search finds its candidates as the
// catalogue does (every word in the title or brand, then every word anywhere, else any word;
// at most SEARCH_CANDIDATES) and scores them with BM25.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../services/db/database.js';
import { BM25, questionWords } from '../../services/passages/index.js';
import { SEARCH_CANDIDATES } from '../../services/shopping/catalogue/queries.js';

/** Builds the BM25 columns, index and statistics on the bench's catalogue; returns how long it took (ms). */
export async function buildProductBm25(db: Db): Promise<number> {
  const t = performance.now();
  await sql`alter table shopping_products add column bm25_tsv tsvector, add column word_count integer`.execute(db);
  await sql`update shopping_products set bm25_tsv = x.v, word_count = coalesce((select sum(coalesce(array_length(u.positions, 1), 1)) from unnest(x.v) u), 0)
    from (select product_id, to_tsvector('simple', title || ' ' || title || ' ' || coalesce(brand, '') || ' ' || coalesce(brand, '') || ' ' || left(description, 4000)) as v
          from shopping_products) x where x.product_id = shopping_products.product_id`.execute(db);
  await sql`create index bench_products_bm25_idx on shopping_products using gin (bm25_tsv)`.execute(db);
  await sql`create table bench_product_terms as select word as term, ndoc::float8 as df from ts_stat('select bm25_tsv from shopping_products')`.execute(db);
  await sql`alter table bench_product_terms add primary key (term)`.execute(db);
  await sql`create table bench_product_stats as select count(*)::float8 as docs, greatest(avg(word_count), 1)::float8 as avgdl from shopping_products`.execute(
    db,
  );
  await sql`vacuum analyze shopping_products`.execute(db);
  await sql`analyze bench_product_terms`.execute(db);
  return performance.now() - t;
}

/** The best `limit` product ids for the words by BM25, over the catalogue's candidate tiers. */
export async function searchProductsBm25(db: Db, s: { terms: string; maxPriceMinor: number | null; currency: string | null; limit: number }) {
  const words = questionWords(s.terms).split(' ').filter(Boolean).slice(0, 16);
  if (!words.length) return [];
  const tier = async (where: RawBuilder<unknown>, exclude: string[]) => {
    const rows = await sql<{ product_id: string; score: number }>`
      with c as materialized (
        select product_id, bm25_tsv, word_count from shopping_products
        where ${where}
          ${s.maxPriceMinor !== null ? sql`and min_price_minor <= ${s.maxPriceMinor}` : sql``}
          ${s.currency ? sql`and currency = ${s.currency}` : sql``}
          ${exclude.length ? sql`and not product_id = any(${exclude}::text[])` : sql``}
        limit ${sql.lit(SEARCH_CANDIDATES)}),
      idf as materialized (select t.term, ln(1 + (n.docs - t.df + 0.5) / (t.df + 0.5)) as w from bench_product_terms t, bench_product_stats n where t.term = any(${words}::text[]))
      select c.product_id, sum(idf.w * tf.n * (${sql.lit(BM25.k1)} + 1) / (tf.n + ${sql.lit(BM25.k1)} * (1 - ${sql.lit(BM25.b)} + ${sql.lit(BM25.b)} * c.word_count / n.avgdl))) as score
      from bench_product_stats n, c,
        lateral (select u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 as n
                 from unnest(ts_filter(setweight(c.bm25_tsv, 'A', ${words}::text[]), '{a}')) as u) tf
        join idf on idf.term = tf.lexeme
      group by c.product_id
      order by score desc, c.product_id
      limit ${sql.lit(s.limit)}`.execute(db);
    return rows.rows;
  };
  const every = words.join(' & ');
  let found = await tier(sql`title_search @@ to_tsquery('english', ${every})`, []);
  if (found.length < s.limit) {
    const more = await tier(
      sql`bm25_tsv @@ to_tsquery('simple', ${every})`,
      found.map((f) => f.product_id),
    );
    found = [...found, ...more].slice(0, s.limit);
  }
  return found.length ? found : tier(sql`bm25_tsv @@ to_tsquery('simple', ${words.join(' | ')})`, []);
}
