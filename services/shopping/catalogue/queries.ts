// Read-model queries of the catalogue: product search, ranked as passages are (Okapi BM25 with
// the passages' k1, b and tokens: runs of letters and digits in lower case, no stemming, no stop
// words dropped; the title and brand count twice, as BM25F weighs a title; each term's idf and
// the average length from the catalogue's statistics, migration 0076, stat-folder.ts). Its
// candidates are bounded and come from the full-text indexes: every word in the title or brand
// first, then every word anywhere, any word when that finds none; at most SEARCH_CANDIDATES
// scored a tier; ties to the smaller product id, so the same search ranks the same way. Also a
// product with its options, one priced option, each merchant's sync state, an entry's cards.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { BM25, termsOf } from '../../passages/index.js';
import { own } from './tables.js';
import { isAvailable, type MerchantKind, type ProductDetails, type ProductOption, type ShoppingWidget } from './widgets.js';

export type ProductSearch = { terms: string; maxPriceMinor: number | null; currency: string | null; limit: number };

/** At most this many words of a search reach the index. */
const MAX_TERMS = 16;

/** The search's words (the passages' tokens), at most MAX_TERMS. */
export function searchWords(terms: string): string[] {
  return termsOf(terms).slice(0, MAX_TERMS);
}

/**
 * The most products a search ranks: the first this many holding its words (the index's order),
 * so a word that thousands of products hold costs no more than a rarer one. The title-and-brand
 * tier runs first, so the products named by the words are among them.
 */
export const SEARCH_CANDIDATES = 1000;

type Found = {
  product_id: string;
  merchant_id: string;
  merchant_name: string;
  merchant_kind: string;
  title: string;
  brand: string | null;
  link: string;
  rating: number | null;
  review_count: number | null;
  available: boolean;
  score: number;
};

/**
 * The candidates meeting `holding` (under the price cap and currency, less `seen`), scored with
 * BM25 from their terms in one grouped pass, best first; the cards' fields read for the best
 * only. A candidate the stemmed index found whose exact words it lacks scores by the words it has.
 */
async function rankedProducts(db: Db, holding: RawBuilder<boolean>, words: string[], s: ProductSearch, seen: string[]): Promise<Found[]> {
  const k1 = sql.lit(BM25.k1);
  const b = sql.lit(BM25.b);
  const { rows } = await sql<Found>`
    with c as materialized (
      select product_id, bm25_terms, word_count from shopping_products
      where ${holding}
        ${s.maxPriceMinor !== null ? sql`and min_price_minor <= ${s.maxPriceMinor}` : sql``}
        ${s.currency ? sql`and currency = ${s.currency}` : sql``}
        ${seen.length ? sql`and not product_id = any(${seen}::text[])` : sql``}
      limit ${sql.lit(SEARCH_CANDIDATES)}),
    n as materialized (
      select greatest(coalesce(sum(products), 0), 1)::float8 as docs, greatest(coalesce(sum(words), 0)::float8 / greatest(coalesce(sum(products), 0), 1), 1) as avgdl
      from shopping_catalogue_stats),
    idf as materialized (
      select t.term, ln(1 + (n.docs - t.df + 0.5) / (t.df + 0.5)) as w
      from (select term, sum(df)::float8 as df from shopping_term_stats where term = any(${words}::text[]) group by term) t, n),
    top as (
      select c.product_id,
        coalesce(sum(idf.w * tf.f * (${k1} + 1) / (tf.f + ${k1} * (1 - ${b} + ${b} * c.word_count / (select avgdl from n)))), 0)::float8 as score
      from c
        left join lateral (select u.lexeme, coalesce(array_length(u.positions, 1), 1)::float8 as f
                           from unnest(ts_filter(setweight(c.bm25_terms, 'A', ${words}::text[]), '{a}')) as u) tf on true
        left join idf on idf.term = tf.lexeme
      group by c.product_id
      order by score desc, c.product_id
      limit ${sql.lit(s.limit)})
    select p.product_id, p.merchant_id, m.merchant_name, m.merchant_kind, p.title, p.brand, p.link, p.rating, p.review_count, p.available, top.score
    from top join shopping_products p on p.product_id = top.product_id join shopping_merchant_syncs m on m.merchant_id = p.merchant_id
    order by top.score desc, p.product_id`.execute(db);
  return rows;
}

/** The best products for the search, best first, as cards (each at its cheapest option that can be bought). */
export async function searchProducts(db: Db, s: ProductSearch): Promise<ShoppingWidget[]> {
  const words = searchWords(s.terms);
  if (!words.length) return [];
  const every = words.join(' & ');
  // Every word in the title or brand; then every word anywhere; then (none found) any word.
  let found = await rankedProducts(db, sql<boolean>`title_search @@ to_tsquery('english', ${every})`, words, s, []);
  if (found.length < s.limit) {
    const seen = found.map((f) => f.product_id);
    found = [...found, ...(await rankedProducts(db, sql<boolean>`search @@ to_tsquery('english', ${every})`, words, s, seen))].slice(0, s.limit);
  }
  if (found.length === 0) found = await rankedProducts(db, sql<boolean>`search @@ to_tsquery('english', ${words.join(' | ')})`, words, s, []);
  if (found.length === 0) return [];
  const options = await own(db)
    .selectFrom('shopping_options')
    .select(['product_id', 'option_key', 'price_minor', 'currency', 'availability', 'image_url', 'position'])
    .where(
      'product_id',
      'in',
      found.map((f) => f.product_id),
    )
    .execute();
  const byProduct = new Map<string, typeof options>();
  for (const o of options) byProduct.set(o.product_id, [...(byProduct.get(o.product_id) ?? []), o]);
  return found.flatMap((f) => {
    const opts = byProduct.get(f.product_id) ?? [];
    const best = [...opts].sort(
      (a, b) =>
        Number(isAvailable(b.availability)) - Number(isAvailable(a.availability)) || Number(a.price_minor) - Number(b.price_minor) || a.position - b.position,
    )[0];
    if (!best) return [];
    return [
      {
        option_key: best.option_key,
        product_id: f.product_id,
        title: f.title,
        brand: f.brand,
        image_url: best.image_url,
        price_minor: Number(best.price_minor),
        currency: best.currency,
        merchant_id: f.merchant_id,
        merchant_name: f.merchant_name,
        merchant_kind: f.merchant_kind as MerchantKind,
        rating: f.rating,
        review_count: f.review_count,
        available: f.available,
        link: f.link,
        option_count: opts.length,
      },
    ];
  });
}

/** The product an option belongs to, with all its options (feed order), or undefined. */
export async function productOfOption(db: Db, optionKey: string): Promise<ProductDetails | undefined> {
  const product = await own(db)
    .selectFrom('shopping_options as o')
    .innerJoin('shopping_products as p', 'p.product_id', 'o.product_id')
    .innerJoin('shopping_merchant_syncs as m', 'm.merchant_id', 'p.merchant_id')
    .select([
      'p.product_id',
      'p.title',
      'p.description',
      'p.brand',
      'p.link',
      'p.images',
      'p.rating',
      'p.review_count',
      'p.merchant_id',
      'm.merchant_name',
      'm.merchant_kind',
    ])
    .where('o.option_key', '=', optionKey)
    .executeTakeFirst();
  if (!product) return undefined;
  const rows = await own(db)
    .selectFrom('shopping_options')
    .select(['option_key', 'label', 'size', 'color', 'price_minor', 'currency', 'availability', 'image_url', 'link'])
    .where('product_id', '=', product.product_id)
    .orderBy('position')
    .execute();
  const options: ProductOption[] = rows.map((r) => ({
    ...r,
    price_minor: Number(r.price_minor),
    availability: r.availability as ProductOption['availability'],
    available: isAvailable(r.availability),
  }));
  return { ...product, merchant_kind: product.merchant_kind as MerchantKind, selected_option_key: optionKey, options };
}

/** One option with what an order needs of it, or undefined. */
export async function pricedOptionRow(db: Db, optionKey: string) {
  return own(db)
    .selectFrom('shopping_options as o')
    .innerJoin('shopping_products as p', 'p.product_id', 'o.product_id')
    .innerJoin('shopping_merchant_syncs as m', 'm.merchant_id', 'p.merchant_id')
    .select([
      'o.option_key',
      'o.product_id',
      'o.merchant_id',
      'm.merchant_name',
      'm.merchant_kind',
      'o.item_id',
      'p.title',
      'o.label',
      'o.price_minor',
      'o.currency',
      'o.image_url',
      'o.availability',
    ])
    .where('o.option_key', '=', optionKey)
    .executeTakeFirst();
}

/** Each merchant the catalogue knows: its last good sync and last failure. */
export async function merchantSyncs(db: Db) {
  return own(db).selectFrom('shopping_merchant_syncs').selectAll().orderBy('merchant_id').execute();
}

/** The cards attached to an entry, or undefined when none were. */
export async function entryWidgets(db: Db, backendUuid: string): Promise<ShoppingWidget[] | undefined> {
  const row = await own(db).selectFrom('shopping_entry_widgets').select('widgets').where('backend_uuid', '=', backendUuid).executeTakeFirst();
  return row ? (row.widgets as ShoppingWidget[]) : undefined;
}
