// Read-model queries of the catalogue: product search, ranked as passages are (Okapi BM25 with
// the passages' k1, b and tokens: runs of letters and digits in lower case, no stemming, no stop
// words dropped; the title and brand count twice, as BM25F weighs a title; each term's idf and
// the average length from the catalogue's statistics, migration 0076, stat-folder.ts; scored in
// bm25.ts). Its candidates are bounded and come from the full-text indexes: every word in the title or brand
// first, then every word anywhere, any word when that finds none; at most SEARCH_CANDIDATES
// scored a tier; ties to the smaller product id, so the same search ranks the same way. Also a
// product with its options, one priced option, each merchant's sync state, an entry's cards.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { termsOf } from '../../passages/index.js';
import { bestOf, bm25Scores, type Candidate, type CatalogueStats } from './bm25.js';
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

/** The catalogue's size and the words' document frequencies (summed over the merchants), in one statement. */
async function catalogueStats(db: Db, words: string[]): Promise<CatalogueStats> {
  const { rows } = await sql<{ docs: string; words: string; df: Record<string, string> }>`
    select (select coalesce(sum(products), 0) from shopping_catalogue_stats) as docs,
      (select coalesce(sum(words), 0) from shopping_catalogue_stats) as words,
      coalesce((select json_object_agg(term, df) from (select term, sum(df) as df from shopping_term_stats where term = any(${words}::text[]) group by term) t), '{}') as df`.execute(
    db,
  );
  const r = rows[0];
  return { docs: Number(r.docs), words: Number(r.words), df: new Map(Object.entries(r.df).map(([t, n]) => [t, Number(n)])) };
}

/**
 * The candidates meeting `holding` (under the price cap and currency, less `seen`), at most
 * SEARCH_CANDIDATES, each with its length and its terms among the words, for bm25.ts. A
 * candidate the stemmed index found whose exact words it lacks scores by the words it has.
 */
async function candidatesOf(db: Db, holding: RawBuilder<boolean>, words: string[], s: ProductSearch, seen: string[]): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select product_id, word_count, ts_filter(setweight(bm25_terms, 'A', ${words}::text[]), '{a}')::text as terms from shopping_products
    where ${holding}
      ${s.maxPriceMinor !== null ? sql`and min_price_minor <= ${s.maxPriceMinor}` : sql``}
      ${s.currency ? sql`and currency = ${s.currency}` : sql``}
      ${seen.length ? sql`and not product_id = any(${seen}::text[])` : sql``}
    limit ${sql.lit(SEARCH_CANDIDATES)}`.execute(db);
  return rows;
}

/** The best products for the search, best first, as cards (each at its cheapest option that can be bought). */
export async function searchProducts(db: Db, s: ProductSearch): Promise<ShoppingWidget[]> {
  const words = searchWords(s.terms);
  if (!words.length) return [];
  const every = words.join(' & ');
  // Every word in the title or brand; then every word anywhere; then (none found) any word. The
  // statistics are read beside the first tier's candidates, which need none of them.
  const [stats, first] = await Promise.all([
    catalogueStats(db, words),
    candidatesOf(db, sql<boolean>`title_search @@ to_tsquery('english', ${every})`, words, s, []),
  ]);
  const best = (candidates: Candidate[]) => bestOf(bm25Scores(candidates, stats), s.limit).map((c) => c.product_id);
  let ids = best(first);
  if (ids.length < s.limit)
    ids = [...ids, ...best(await candidatesOf(db, sql<boolean>`search @@ to_tsquery('english', ${every})`, words, s, ids))].slice(0, s.limit);
  if (ids.length === 0) ids = best(await candidatesOf(db, sql<boolean>`search @@ to_tsquery('english', ${words.join(' | ')})`, words, s, []));
  if (ids.length === 0) return [];
  // The cards' fields, then their options: each a lookup by key. (Joined in one statement before
  // ANALYZE had seen the options, the planner read every product for 8: 13 ms.)
  const [products, options] = await Promise.all([
    own(db)
      .selectFrom('shopping_products as p')
      .innerJoin('shopping_merchant_syncs as m', 'm.merchant_id', 'p.merchant_id')
      .select([
        'p.product_id',
        'p.merchant_id',
        'm.merchant_name',
        'm.merchant_kind',
        'p.title',
        'p.brand',
        'p.link',
        'p.rating',
        'p.review_count',
        'p.available',
      ])
      .where('p.product_id', 'in', ids)
      .execute(),
    own(db)
      .selectFrom('shopping_options')
      .select(['product_id', 'option_key', 'price_minor', 'currency', 'availability', 'image_url', 'position'])
      .where('product_id', 'in', ids)
      .execute(),
  ]);
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const byProduct = new Map<string, typeof options>();
  for (const o of options) byProduct.set(o.product_id, [...(byProduct.get(o.product_id) ?? []), o]);
  return ids.flatMap((id) => {
    const f = byId.get(id);
    const opts = byProduct.get(id) ?? [];
    const best = [...opts].sort(
      (a, b) =>
        Number(isAvailable(b.availability)) - Number(isAvailable(a.availability)) || Number(a.price_minor) - Number(b.price_minor) || a.position - b.position,
    )[0];
    if (!f || !best) return [];
    return [
      {
        option_key: best.option_key,
        product_id: id,
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
