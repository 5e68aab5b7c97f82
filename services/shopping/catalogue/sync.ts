// One merchant's feed sync, the step the durable workflow runs (workflows/merchant-feed-sync.ts):
// the feed read within its size limit, left alone when unchanged since its last good sync (same
// SHA-256), otherwise parsed in a worker and appended as the merchant's new catalogue, or as a
// failure with the reason (the last good catalogue stays). A Shopify store's products are read
// page by page through its Storefront API and hashed as the catalogue they make. The append
// expects the merchant stream's version, so a retried or doubled sync cannot append twice.
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EventStore } from '../../eventstore/store.js';
import { type MerchantFeed, merchantKindOf, storeOriginOf } from '../../shared/merchant-feeds-config.js';
import { fetchStoreProducts, StorefrontError } from '../shopify/index.js';
import { decideSync, type FeedOutcome, removedMerchants } from './decide.js';
import { evolveMerchant, initialMerchant, merchantProductsStream, merchantStream } from './events.js';
import { readFeed } from './fetch-feed.js';
import { FeedError } from './parse-feed.js';
import { parseFeedInWorker } from './parse-in-worker.js';
import { productsOfStore } from './shopify-product.js';
import { merchantSyncs } from './queries.js';
import { foldCatalogueStats } from './stat-folder.js';

export type SyncDeps = { db: Db; store: EventStore; now: () => Date; feedMaxBytes: number };
export type SyncResult = { merchant_id: string; outcome: 'synced' | 'unchanged' | 'failed'; product_count: number; reason: string | null };

/** A Shopify store's products through its Storefront API; hashed as the catalogue they make. */
async function storeOutcome(merchant: MerchantFeed & { shopify: NonNullable<MerchantFeed['shopify']> }): Promise<FeedOutcome> {
  const origin = storeOriginOf(merchant.shopify.store_domain);
  try {
    const catalogue = productsOfStore(merchant.id, origin, await fetchStoreProducts({ origin, token: merchant.shopify.storefront_token }));
    return { ok: true, catalogue, feedHash: createHash('sha256').update(JSON.stringify(catalogue.products)).digest('hex') };
  } catch (err) {
    if (err instanceof StorefrontError) return { ok: false, reason: err.message };
    throw err;
  }
}

async function outcomeOf(deps: SyncDeps, merchant: MerchantFeed, lastHash: string | null): Promise<FeedOutcome> {
  if (merchant.shopify) return storeOutcome({ ...merchant, shopify: merchant.shopify });
  try {
    const text = await readFeed(merchant, deps.feedMaxBytes);
    const feedHash = createHash('sha256').update(text).digest('hex');
    // Unchanged: not parsed again.
    if (feedHash === lastHash) return { ok: true, feedHash, catalogue: { products: [], skipped: [] } };
    return { ok: true, feedHash, catalogue: await parseFeedInWorker({ merchantId: merchant.id, text, currency: merchant.currency ?? null }) };
  } catch (err) {
    if (err instanceof FeedError) return { ok: false, reason: err.message };
    throw err;
  }
}

export async function syncMerchant(deps: SyncDeps, merchant: MerchantFeed): Promise<SyncResult> {
  const stream = merchantStream(merchant.id);
  const { state, version } = await deps.store.aggregate(stream, initialMerchant, evolveMerchant);
  const outcome = await outcomeOf(deps, merchant, state.removed ? null : state.feed_hash);
  const events = decideSync(state, { id: merchant.id, name: merchant.name, kind: merchantKindOf(merchant) }, outcome, deps.now().toISOString(), randomUUID());
  const parts = events.filter((e) => e.type === 'MerchantProductsRecorded');
  const rest = events.filter((e) => e.type !== 'MerchantProductsRecorded');
  await deps.store.appendToStreams([
    ...(parts.length ? [{ streamId: merchantProductsStream(merchant.id), expected: 'any' as const, events: parts }] : []),
    { streamId: stream, expected: version, events: rest },
  ]);
  // The new catalogue's statistics, after its commit (a folder elsewhere holding the lock folds them).
  if (parts.length) await foldCatalogueStats(deps.db);
  const last = rest[rest.length - 1]!;
  if (last.type === 'MerchantFeedFailed') return { merchant_id: merchant.id, outcome: 'failed', product_count: 0, reason: outcome.ok ? null : outcome.reason };
  if (last.type === 'MerchantFeedChecked') return { merchant_id: merchant.id, outcome: 'unchanged', product_count: 0, reason: null };
  return { merchant_id: merchant.id, outcome: 'synced', product_count: outcome.ok ? outcome.catalogue.products.length : 0, reason: null };
}

/** Merchants the catalogue holds that the configuration no longer lists leave it. */
export async function removeUnlisted(deps: SyncDeps, configured: readonly MerchantFeed[]): Promise<string[]> {
  const known = (await merchantSyncs(deps.db)).map((m) => m.merchant_id);
  const gone = removedMerchants(
    configured.map((m) => m.id),
    known,
  );
  for (const id of gone) {
    const { state, version } = await deps.store.aggregate(merchantStream(id), initialMerchant, evolveMerchant);
    if (state.removed) continue;
    await deps.store.append(merchantStream(id), version, [{ type: 'MerchantRemoved', data: { merchant_id: id, at: deps.now().toISOString() } }]);
  }
  if (gone.length) await foldCatalogueStats(deps.db);
  return gone;
}
