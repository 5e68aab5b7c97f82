// The catalogue's ranking before it ranked as passages do (before migration 0076): PostgreSQL full
// text with the English configuration, ts_rank_cd over the weighted title, brand and description,
// in the same candidate tiers (every word in the title or brand, then every word anywhere, else
// any word; at most SEARCH_CANDIDATES ranked), the cards' fields and options read as the catalogue
// reads them. Kept here only as a bench baseline beside the BM25 ranking
// (tests/bench/shopping-catalogue.ts), on the same products and searches.
import { sql } from 'kysely';
import type { Db } from '../../services/db/database.js';
import { SEARCH_CANDIDATES, searchWords } from '../../services/shopping/catalogue/queries.js';

type Search = { terms: string; maxPriceMinor: number | null; currency: string | null; limit: number };

async function ranked(db: Db, field: 'search' | 'title_search', query: string, s: Search) {
  const { rows } = await sql<{ product_id: string; score: number }>`
    select p.product_id, p.merchant_id, m.merchant_name, m.merchant_kind, p.title, p.brand, p.link, p.rating, p.review_count, p.available,
      ts_rank_cd(p.text, to_tsquery('english', ${query})) as score
    from (select product_id, merchant_id, title, brand, link, rating, review_count, available, ${sql.ref(field)} as text from shopping_products
          where ${sql.ref(field)} @@ to_tsquery('english', ${query})
            ${s.maxPriceMinor !== null ? sql`and min_price_minor <= ${s.maxPriceMinor}` : sql``}
            ${s.currency ? sql`and currency = ${s.currency}` : sql``}
          limit ${sql.lit(SEARCH_CANDIDATES)}) p
    join shopping_merchant_syncs m on m.merchant_id = p.merchant_id
    order by score desc, p.product_id
    limit ${sql.lit(s.limit)}`.execute(db);
  return rows;
}

export async function searchProductsPreviously(db: Db, s: Search) {
  const words = searchWords(s.terms);
  if (!words.length) return [];
  let found = await ranked(db, 'title_search', words.join(' & '), s);
  if (found.length < s.limit) {
    const seen = new Set(found.map((f) => f.product_id));
    found = [...found, ...(await ranked(db, 'search', words.join(' & '), s)).filter((f) => !seen.has(f.product_id))].slice(0, s.limit);
  }
  if (!found.length) found = await ranked(db, 'search', words.join(' | '), s);
  if (!found.length) return [];
  // The cards' options, as searchProducts reads them.
  await sql`select product_id, option_key, price_minor, currency, availability, image_url, position from shopping_options
    where product_id = any(${found.map((f) => f.product_id)}::text[])`.execute(db);
  return found;
}
