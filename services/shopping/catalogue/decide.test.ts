import { expect, test } from 'vitest';
import { decideAttach, decideSync, PRODUCTS_PER_PART, removedMerchants } from './decide.js';
import { initialMerchant } from './events.js';
import type { FeedProduct } from './feed-product.js';

const merchant = { id: 'peak', name: 'Peak', kind: 'feed' as const };
const product = (n: number): FeedProduct => ({
  product_id: `peak:${n}`,
  title: `P${n}`,
  description: '',
  brand: null,
  link: 'https://x',
  images: [],
  rating: null,
  review_count: null,
  options: [],
});

test('a new feed is its products in parts, part 0 first, then the sync', () => {
  const products = Array.from({ length: PRODUCTS_PER_PART + 1 }, (_, i) => product(i));
  const events = decideSync(initialMerchant, merchant, { ok: true, feedHash: 'h1', catalogue: { products, skipped: [] } }, 'now', 's1');
  expect(events.map((e) => e.type)).toEqual(['MerchantProductsRecorded', 'MerchantProductsRecorded', 'MerchantFeedSynced']);
  expect(events.map((e) => (e.data as { part?: number; first_position?: number }).first_position)).toEqual([0, PRODUCTS_PER_PART, undefined]);
  expect(events[2]!.data).toMatchObject({ product_count: PRODUCTS_PER_PART + 1, feed_hash: 'h1' });
});

test('the same feed again is a check; a failure keeps the catalogue and says why', () => {
  const state = { ...initialMerchant, feed_hash: 'h1' };
  expect(decideSync(state, merchant, { ok: true, feedHash: 'h1', catalogue: { products: [], skipped: [] } }, 'now', 's').map((e) => e.type)).toEqual([
    'MerchantFeedChecked',
  ]);
  expect(decideSync(state, merchant, { ok: false, reason: 'The feed is larger than 50 MB.' }, 'now', 's')).toEqual([
    {
      type: 'MerchantFeedFailed',
      data: { merchant_id: 'peak', merchant_name: 'Peak', merchant_kind: 'feed', at: 'now', reason: 'The feed is larger than 50 MB.' },
    },
  ]);
});

test('merchants no longer configured are removed; an entry keeps its first cards', () => {
  expect(removedMerchants(['a', 'b'], ['a', 'c', 'b', 'd'])).toEqual(['c', 'd']);
  const entry = { backend_uuid: 'b', context_uuid: 'c', user_id: null };
  expect(decideAttach(true, entry, 'q', [{} as never], 'now')).toEqual([]);
  expect(decideAttach(false, entry, 'q', [], 'now')).toEqual([]);
  expect(decideAttach(false, entry, 'q', [{} as never], 'now')).toHaveLength(1);
});
