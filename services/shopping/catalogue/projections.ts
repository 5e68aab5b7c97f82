// The catalogue's read models from its events: `shopping_products` and `shopping_options` (a
// merchant's part 0 replaces its products; the rest of the sync's parts add to them, all in the
// sync's one transaction), `shopping_merchant_syncs` (each merchant's last good sync and last
// failure), `shopping_entry_widgets` (an answer's cards; gone with its thread or its owner's account).
// Each product's BM25 terms and length are written with it; the statistics over them are not (a
// change row names the merchant, and stat-folder.ts recounts it after the commit).
import { sql } from 'kysely';
import type { AccountErased } from '../../identity/events.js';
import type { Projection, StoredEvent, Trx } from '../../eventstore/types.js';
import type { ThreadDeleted } from '../../threads/index.js';
import { passageTerms, tsvectorArrayBytes } from '../../passages/index.js';
import type { CatalogueEvent, MerchantProductsRecorded } from './events.js';
import { isAvailable } from './widgets.js';
import { own } from './tables.js';
import { recountCatalogueStats } from './stat-folder.js';

/** The description's words BM25 reads, as the full-text index does (migration 0061). */
const DESCRIPTION_CHARS = 4000;

/** The merchant's statistics are to be counted again (stat-folder.ts). */
async function recordChange(trx: Trx, merchantId: string) {
  await own(trx).insertInto('shopping_stat_changes').values({ merchant_id: merchantId }).execute();
}

async function recordProducts(trx: Trx, d: MerchantProductsRecorded['data']) {
  if (d.part === 0) {
    await recordChange(trx, d.merchant_id);
    await own(trx).deleteFrom('shopping_options').where('merchant_id', '=', d.merchant_id).execute();
    await own(trx).deleteFrom('shopping_products').where('merchant_id', '=', d.merchant_id).execute();
  }
  const products = d.products.map((p, i) => {
    const cheapest = p.options.reduce((a, b) => (b.price_minor < a.price_minor ? b : a));
    return {
      product_id: p.product_id,
      merchant_id: d.merchant_id,
      title: p.title,
      description: p.description,
      brand: p.brand,
      link: p.link,
      images: p.images,
      rating: p.rating,
      review_count: p.review_count,
      min_price_minor: cheapest.price_minor,
      currency: cheapest.currency,
      available: p.options.some((o) => isAvailable(o.availability)),
      position: d.first_position + i,
    };
  });
  const options = d.products.flatMap((p) =>
    p.options.map((o, position) => ({
      option_key: o.option_key,
      product_id: p.product_id,
      merchant_id: d.merchant_id,
      item_id: o.item_id,
      label: o.label,
      size: o.size,
      color: o.color,
      price_minor: o.price_minor,
      currency: o.currency,
      availability: o.availability,
      image_url: o.image_url,
      link: o.link,
      position,
    })),
  );
  // One statement a table, the rows as one JSON parameter: a part's thousand-odd rows bound as
  // single parameters cost more to build and send than the rows take to write.
  // BM25's terms counted here as passages count theirs (the title and brand twice, as a heading),
  // handed over as binary tsvectors: PostgreSQL parses no text for them.
  const terms = d.products.map((p) => passageTerms(`${p.title} ${p.brand ?? ''}`, p.description.slice(0, DESCRIPTION_CHARS)));
  await sql`insert into shopping_products (product_id, merchant_id, title, description, brand, link, images, rating, review_count, min_price_minor, currency, available, position,
      bm25_terms, word_count)
    select product_id, merchant_id, title, description, brand, link, images, rating, review_count, min_price_minor, currency, available, position, bm25_terms, word_count
    from rows from (
      jsonb_to_recordset(${JSON.stringify(products)}::jsonb) as (product_id text, merchant_id text, title text, description text, brand text, link text,
        images text[], rating real, review_count integer, min_price_minor bigint, currency text, available boolean, position integer),
      unnest(${tsvectorArrayBytes(terms.map((t) => t.counts))}::tsvector[]),
      unnest(${terms.map((t) => t.words)}::int[]))
      as x(product_id, merchant_id, title, description, brand, link, images, rating, review_count, min_price_minor, currency, available, position, bm25_terms, word_count)
    on conflict (product_id) do nothing`.execute(trx);
  await sql`insert into shopping_options (option_key, product_id, merchant_id, item_id, label, size, color, price_minor, currency, availability, image_url, link, position)
    select option_key, product_id, merchant_id, item_id, label, size, color, price_minor, currency, availability, image_url, link, position
    from jsonb_to_recordset(${JSON.stringify(options)}::jsonb) as x(option_key text, product_id text, merchant_id text, item_id text, label text, size text,
      color text, price_minor bigint, currency text, availability text, image_url text, link text, position integer)
    on conflict (option_key) do nothing`.execute(trx);
}

async function apply(trx: Trx, event: StoredEvent) {
  if (event.type === 'ThreadDeleted') {
    await own(trx)
      .deleteFrom('shopping_entry_widgets')
      .where('context_uuid', '=', (event.data as ThreadDeleted['data']).context_uuid)
      .execute();
    return;
  }
  if (event.type === 'AccountErased') {
    await own(trx)
      .deleteFrom('shopping_entry_widgets')
      .where('user_id', '=', (event.data as AccountErased['data']).user_id)
      .execute();
    return;
  }
  const e = { type: event.type, data: event.data } as CatalogueEvent;
  if (e.type === 'MerchantProductsRecorded') return recordProducts(trx, e.data);
  if (e.type === 'MerchantFeedSynced' || e.type === 'MerchantFeedChecked') {
    const d = e.data;
    // A new catalogue's words wait in the GIN indexes' pending lists, which every search reads
    // whole (a search took 20 ms instead of 2 after 100,000 products): merged once, at its end.
    if (e.type === 'MerchantFeedSynced')
      await sql`select gin_clean_pending_list('shopping_products_search_idx'::regclass), gin_clean_pending_list('shopping_products_title_search_idx'::regclass)`.execute(
        trx,
      );
    const counted = e.type === 'MerchantFeedSynced' ? { product_count: e.data.product_count } : {};
    const kind = d.merchant_kind ?? 'feed';
    await own(trx)
      .insertInto('shopping_merchant_syncs')
      .values({
        merchant_id: d.merchant_id,
        merchant_name: d.merchant_name,
        merchant_kind: kind,
        product_count: 0,
        ...counted,
        feed_hash: d.feed_hash,
        last_ok_at: d.at,
      })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({ merchant_name: d.merchant_name, merchant_kind: kind, ...counted, feed_hash: d.feed_hash, last_ok_at: d.at }),
      )
      .execute();
  } else if (e.type === 'MerchantFeedFailed') {
    const d = e.data;
    await own(trx)
      .insertInto('shopping_merchant_syncs')
      .values({
        merchant_id: d.merchant_id,
        merchant_name: d.merchant_name,
        merchant_kind: d.merchant_kind ?? 'feed',
        product_count: 0,
        last_error: d.reason,
        last_error_at: d.at,
      })
      .onConflict((oc) =>
        oc
          .column('merchant_id')
          .doUpdateSet({ merchant_name: d.merchant_name, merchant_kind: d.merchant_kind ?? 'feed', last_error: d.reason, last_error_at: d.at }),
      )
      .execute();
  } else if (e.type === 'MerchantRemoved') {
    const id = e.data.merchant_id;
    await recordChange(trx, id);
    await own(trx).deleteFrom('shopping_options').where('merchant_id', '=', id).execute();
    await own(trx).deleteFrom('shopping_products').where('merchant_id', '=', id).execute();
    await own(trx).deleteFrom('shopping_merchant_syncs').where('merchant_id', '=', id).execute();
  } else if (e.type === 'ShoppingWidgetsAttached') {
    const d = e.data;
    await own(trx)
      .insertInto('shopping_entry_widgets')
      .values({ backend_uuid: d.backend_uuid, context_uuid: d.context_uuid, user_id: d.user_id, widgets: JSON.stringify(d.widgets), attached_at: d.at })
      .onConflict((oc) => oc.column('backend_uuid').doNothing())
      .execute();
  }
}

export const catalogueProjection: Projection = {
  name: 'shopping-catalogue',
  tables: [
    'shopping_products',
    'shopping_options',
    'shopping_merchant_syncs',
    'shopping_entry_widgets',
    'shopping_term_stats',
    'shopping_catalogue_stats',
    'shopping_stat_changes',
  ],
  handles: [
    'MerchantProductsRecorded',
    'MerchantFeedSynced',
    'MerchantFeedChecked',
    'MerchantFeedFailed',
    'MerchantRemoved',
    'ShoppingWidgetsAttached',
    'ThreadDeleted',
    'AccountErased',
  ],
  apply,
  afterReplay: recountCatalogueStats,
};
