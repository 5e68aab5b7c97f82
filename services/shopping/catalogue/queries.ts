// Read-model queries of the catalogue: product search (PostgreSQL full text over title, brand and
// description, weighted in that order, ranked by ts_rank_cd; every word in the title or brand
// first, then every word anywhere, any word when that finds none; a bounded number ranked; ties to the smaller product id, so the same search ranks the same way), a
// product with its options, one priced option, each merchant's sync state, an entry's cards.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { own } from './tables.js';
import { isAvailable, type ProductDetails, type ProductOption, type ShoppingWidget } from './widgets.js';

export type ProductSearch = { terms: string; maxPriceMinor: number | null; currency: string | null; limit: number };

/** At most this many words of a search reach the index. */
const MAX_TERMS = 16;

/** The search's words as tsquery text joined by `op` ('&' every word, '|' any); '' when it has none. */
export function tsqueryText(terms: string, op: '&' | '|'): string {
  const words = (terms.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  return words.join(` ${op} `);
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
  title: string;
  brand: string | null;
  link: string;
  rating: number | null;
  review_count: number | null;
  available: boolean;
  score: number;
};

/** `field`: the title and brand (`title_search`) or the whole text (`search`). */
async function rankedProducts(db: Db, field: 'search' | 'title_search', query: string, s: ProductSearch): Promise<Found[]> {
  let candidates = own(db)
    .selectFrom('shopping_products')
    .select(['product_id', 'merchant_id', 'title', 'brand', 'link', 'rating', 'review_count', 'available', sql<string>`${sql.ref(field)}`.as('text')])
    .where(sql<boolean>`${sql.ref(field)} @@ to_tsquery('english', ${query})`);
  if (s.maxPriceMinor !== null) candidates = candidates.where('min_price_minor', '<=', s.maxPriceMinor as never);
  if (s.currency) candidates = candidates.where('currency', '=', s.currency);
  return own(db)
    .selectFrom(candidates.limit(SEARCH_CANDIDATES).as('p'))
    .innerJoin('shopping_merchant_syncs as m', 'm.merchant_id', 'p.merchant_id')
    .select([
      'p.product_id',
      'p.merchant_id',
      'm.merchant_name',
      'p.title',
      'p.brand',
      'p.link',
      'p.rating',
      'p.review_count',
      'p.available',
      sql<number>`ts_rank_cd(p.text, to_tsquery('english', ${query}))`.as('score'),
    ])
    .orderBy('score', 'desc')
    .orderBy('p.product_id')
    .limit(s.limit)
    .execute();
}

/** The best products for the search, best first, as cards (each at its cheapest option that can be bought). */
export async function searchProducts(db: Db, s: ProductSearch): Promise<ShoppingWidget[]> {
  if (!tsqueryText(s.terms, '&')) return [];
  // Every word in the title or brand; then every word anywhere; then (none found) any word.
  let found = await rankedProducts(db, 'title_search', tsqueryText(s.terms, '&'), s);
  if (found.length < s.limit) {
    const seen = new Set(found.map((f) => f.product_id));
    found = [...found, ...(await rankedProducts(db, 'search', tsqueryText(s.terms, '&'), s)).filter((f) => !seen.has(f.product_id))].slice(0, s.limit);
  }
  if (found.length === 0) found = await rankedProducts(db, 'search', tsqueryText(s.terms, '|'), s);
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
    .select(['p.product_id', 'p.title', 'p.description', 'p.brand', 'p.link', 'p.images', 'p.rating', 'p.review_count', 'p.merchant_id', 'm.merchant_name'])
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
  return { ...product, selected_option_key: optionKey, options };
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
