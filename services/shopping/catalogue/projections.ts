// The catalogue's read models from its events: `shopping_products` and `shopping_options` (a
// merchant's part 0 replaces its products; the rest of the sync's parts add to them, all in the
// sync's one transaction), `shopping_merchant_syncs` (each merchant's last good sync and last
// failure), `shopping_entry_widgets` (an answer's cards; gone with its thread or its owner's account).
import type { AccountErased } from '../../identity/events.js';
import type { Projection, StoredEvent, Trx } from '../../eventstore/types.js';
import type { ThreadDeleted } from '../../threads/index.js';
import type { CatalogueEvent, MerchantProductsRecorded } from './events.js';
import { isAvailable } from './widgets.js';
import { own } from './tables.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 13 columns a row. */
const ROWS_PER_INSERT = 2000;

async function recordProducts(trx: Trx, d: MerchantProductsRecorded['data']) {
  if (d.part === 0) {
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
  for (let i = 0; i < products.length; i += ROWS_PER_INSERT)
    await own(trx)
      .insertInto('shopping_products')
      .values(products.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
  for (let i = 0; i < options.length; i += ROWS_PER_INSERT)
    await own(trx)
      .insertInto('shopping_options')
      .values(options.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('option_key').doNothing())
      .execute();
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
    const counted = e.type === 'MerchantFeedSynced' ? { product_count: e.data.product_count } : {};
    await own(trx)
      .insertInto('shopping_merchant_syncs')
      .values({ merchant_id: d.merchant_id, merchant_name: d.merchant_name, product_count: 0, ...counted, feed_hash: d.feed_hash, last_ok_at: d.at })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ merchant_name: d.merchant_name, ...counted, feed_hash: d.feed_hash, last_ok_at: d.at }))
      .execute();
  } else if (e.type === 'MerchantFeedFailed') {
    const d = e.data;
    await own(trx)
      .insertInto('shopping_merchant_syncs')
      .values({ merchant_id: d.merchant_id, merchant_name: d.merchant_name, product_count: 0, last_error: d.reason, last_error_at: d.at })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ merchant_name: d.merchant_name, last_error: d.reason, last_error_at: d.at }))
      .execute();
  } else if (e.type === 'MerchantRemoved') {
    const id = e.data.merchant_id;
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
  tables: ['shopping_products', 'shopping_options', 'shopping_merchant_syncs', 'shopping_entry_widgets'],
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
};
