// The catalogue's rules, pure: what a merchant's sync appends (a new catalogue in parts, a check
// of an unchanged feed, or a failure that keeps the last good catalogue), which merchants left the
// configuration, and whether an entry's product cards are attached (once: the first search's).
import type { NewEvent } from '../../eventstore/types.js';
import type { MerchantKind } from '../../shared/merchant-feeds-config.js';
import type { CatalogueEvent, MerchantState } from './events.js';
import type { Catalogue } from './feed-product.js';
import type { ShoppingWidget } from './widgets.js';

/** Products per MerchantProductsRecorded: events of a few hundred kilobytes. */
export const PRODUCTS_PER_PART = 500;

export type FeedOutcome = { ok: true; catalogue: Catalogue; feedHash: string } | { ok: false; reason: string };

export function decideSync(
  state: MerchantState,
  merchant: { id: string; name: string; kind: MerchantKind },
  outcome: FeedOutcome,
  at: string,
  syncId: string,
): NewEvent<CatalogueEvent['type']>[] {
  const base = { merchant_id: merchant.id, merchant_name: merchant.name, merchant_kind: merchant.kind, at };
  if (!outcome.ok) return [{ type: 'MerchantFeedFailed', data: { ...base, reason: outcome.reason.slice(0, 1000) } }];
  if (!state.removed && state.feed_hash === outcome.feedHash) return [{ type: 'MerchantFeedChecked', data: { ...base, feed_hash: outcome.feedHash } }];
  const { products, skipped } = outcome.catalogue;
  const parts: NewEvent<CatalogueEvent['type']>[] = [];
  for (let i = 0; i < products.length; i += PRODUCTS_PER_PART)
    parts.push({
      type: 'MerchantProductsRecorded',
      data: { merchant_id: merchant.id, sync_id: syncId, part: parts.length, first_position: i, products: products.slice(i, i + PRODUCTS_PER_PART) },
    });
  return [
    ...parts,
    {
      type: 'MerchantFeedSynced',
      data: { ...base, sync_id: syncId, product_count: products.length, skipped_count: skipped.length, feed_hash: outcome.feedHash },
    },
  ];
}

/** The merchants the catalogue holds that the configuration no longer lists. */
export function removedMerchants(configured: readonly string[], known: readonly string[]): string[] {
  const keep = new Set(configured);
  return known.filter((id) => !keep.has(id));
}

/** The cards an entry gets: none when it has some already (the first search's stay, so a replay shows the same). */
export function decideAttach(
  attached: boolean,
  entry: { backend_uuid: string; context_uuid: string; user_id: string | null },
  query: string,
  widgets: ShoppingWidget[],
  at: string,
): NewEvent<'ShoppingWidgetsAttached'>[] {
  if (attached || widgets.length === 0) return [];
  return [{ type: 'ShoppingWidgetsAttached', data: { ...entry, query: query.slice(0, 2000), widgets, at } }];
}
