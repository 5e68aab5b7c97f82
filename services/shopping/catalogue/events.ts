// The catalogue as events. A merchant's stream (`shopping-merchant-<id>`) holds its syncs, small
// events read to decide the next one; its products stream (`shopping-catalogue-<id>`) holds each
// new catalogue in parts (part 0 replaces the merchant's earlier products). A new catalogue is its
// parts and MerchantFeedSynced appended to both streams in one transaction, so a search sees the old catalogue or the
// new one, never half of each; a feed unchanged since its last good sync is MerchantFeedChecked;
// a feed that cannot be used is MerchantFeedFailed with the reason, and the catalogue stays.
// Each merchant event says its kind (`merchant_kind`; absent in events before Shopify stores: a feed).
// An answer's product cards are ShoppingWidgetsAttached on the entry's stream (`shopping-entry-<backend_uuid>`).
import type { MerchantKind } from '../../shared/merchant-feeds-config.js';
import type { FeedProduct } from './feed-product.js';
import type { ShoppingWidget } from './widgets.js';

export type MerchantProductsRecorded = {
  type: 'MerchantProductsRecorded';
  data: { merchant_id: string; sync_id: string; part: number; first_position: number; products: FeedProduct[] };
};
export type MerchantFeedSynced = {
  type: 'MerchantFeedSynced';
  data: {
    merchant_id: string;
    merchant_name: string;
    merchant_kind?: MerchantKind;
    sync_id: string;
    product_count: number;
    skipped_count: number;
    feed_hash: string;
    at: string;
  };
};
export type MerchantFeedChecked = {
  type: 'MerchantFeedChecked';
  data: { merchant_id: string; merchant_name: string; merchant_kind?: MerchantKind; feed_hash: string; at: string };
};
export type MerchantFeedFailed = {
  type: 'MerchantFeedFailed';
  data: { merchant_id: string; merchant_name: string; merchant_kind?: MerchantKind; reason: string; at: string };
};
/** A merchant no longer configured: its products leave the catalogue. */
export type MerchantRemoved = { type: 'MerchantRemoved'; data: { merchant_id: string; at: string } };
export type ShoppingWidgetsAttached = {
  type: 'ShoppingWidgetsAttached';
  data: { backend_uuid: string; context_uuid: string; user_id: string | null; query: string; widgets: ShoppingWidget[]; at: string };
};

export type CatalogueEvent =
  | MerchantProductsRecorded
  | MerchantFeedSynced
  | MerchantFeedChecked
  | MerchantFeedFailed
  | MerchantRemoved
  | ShoppingWidgetsAttached;
export const CATALOGUE_EVENT_TYPES = [
  'MerchantProductsRecorded',
  'MerchantFeedSynced',
  'MerchantFeedChecked',
  'MerchantFeedFailed',
  'MerchantRemoved',
  'ShoppingWidgetsAttached',
] as const;

export const merchantStream = (merchantId: string) => `shopping-merchant-${merchantId}`;
export const merchantProductsStream = (merchantId: string) => `shopping-catalogue-${merchantId}`;
export const entryWidgetsStream = (backendUuid: string) => `shopping-entry-${backendUuid}`;

/** What a merchant's stream says now: the hash of its last good feed (null: none yet), whether it is removed. */
export type MerchantState = { feed_hash: string | null; removed: boolean; syncs: number };
export const initialMerchant: MerchantState = { feed_hash: null, removed: false, syncs: 0 };

export function evolveMerchant(state: MerchantState, event: { type: string; data: unknown }): MerchantState {
  const e = event as CatalogueEvent;
  if (e.type === 'MerchantFeedSynced') return { feed_hash: e.data.feed_hash, removed: false, syncs: state.syncs + 1 };
  if (e.type === 'MerchantRemoved') return { feed_hash: null, removed: true, syncs: state.syncs };
  return state;
}
