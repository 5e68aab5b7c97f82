import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StorefrontProduct } from '../shopify/index.js';
import { optionKeyOf } from './feed-product.js';
import { productsOfStore, storefrontPrice } from './shopify-product.js';

const variant = (id: string, over: Partial<StorefrontProduct['variants']['edges'][number]['node']> = {}) => ({
  node: { id, title: 'Default Title', availableForSale: true, price: { amount: '189.0', currencyCode: 'EUR' }, selectedOptions: [], image: null, ...over },
});
const product = (over: Partial<StorefrontProduct> = {}): StorefrontProduct => ({
  id: 'gid://shopify/Product/1',
  title: 'Fjord rain jacket',
  description: 'Waterproof',
  vendor: 'Fjord',
  handle: 'fjord-rain-jacket',
  onlineStoreUrl: null,
  images: { edges: [{ node: { url: 'https://cdn.shopify.example/a.jpg' } }] },
  variants: { edges: [variant('gid://shopify/ProductVariant/1')] },
  ...over,
});

test("a store's product is a catalogue product whose variants are its options", () => {
  const { products, skipped } = productsOfStore('fjord', 'https://fjord.myshopify.com', [
    product({
      variants: {
        edges: [
          variant('gid://shopify/ProductVariant/1', {
            title: 'M / Red',
            selectedOptions: [
              { name: 'Size', value: 'M' },
              { name: 'Color', value: 'Red' },
            ],
          }),
          variant('gid://shopify/ProductVariant/2', { title: 'L / Red', availableForSale: false, price: { amount: '195.50', currencyCode: 'EUR' } }),
        ],
      },
    }),
  ]);
  expect(skipped).toEqual([]);
  expect(products).toEqual([
    {
      product_id: 'fjord:gid://shopify/Product/1',
      title: 'Fjord rain jacket',
      description: 'Waterproof',
      brand: 'Fjord',
      link: 'https://fjord.myshopify.com/products/fjord-rain-jacket',
      images: ['https://cdn.shopify.example/a.jpg'],
      rating: null,
      review_count: null,
      options: [
        expect.objectContaining({
          option_key: optionKeyOf('fjord', 'gid://shopify/ProductVariant/1'),
          item_id: 'gid://shopify/ProductVariant/1',
          label: 'M / Red',
          size: 'M',
          color: 'Red',
          price_minor: 18900,
          availability: 'in_stock',
          image_url: 'https://cdn.shopify.example/a.jpg',
        }),
        expect.objectContaining({ label: 'L / Red', price_minor: 19550, availability: 'out_of_stock' }),
      ],
    },
  ]);
});

test('a product without a title or a sellable variant is skipped with the reason; "Default Title" is the product\'s', () => {
  const { products, skipped } = productsOfStore('fjord', 'https://fjord.myshopify.com', [
    product({ id: 'p-untitled', title: ' ' }),
    product({ id: 'p-unpriced', variants: { edges: [variant('v9', { price: { amount: 'abc', currencyCode: 'EUR' } })] } }),
    product({ id: 'p-ok', variants: { edges: [variant('v1'), variant('v1')] } }),
  ]);
  expect(skipped.map((s) => s.reason)).toEqual([
    'product p-untitled has no title',
    'variant v9 has a price that cannot be read: abc EUR',
    'product p-unpriced has no variant that can be sold',
    'variant v1 is listed twice',
  ]);
  expect(products.map((p) => [p.product_id, p.options.map((o) => o.label)])).toEqual([['fjord:p-ok', ['Fjord rain jacket']]]);
});

test("Shopify's decimal amounts are exact minor units", () => {
  expect(storefrontPrice('30.0', 'USD')).toEqual({ minor: 3000, currency: 'USD' });
  expect(storefrontPrice('1500.0', 'JPY')).toEqual({ minor: 1500, currency: 'JPY' });
  expect(storefrontPrice('12.345', 'EUR')).toBeNull();
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), (minor) => {
      expect(storefrontPrice((minor / 100).toFixed(2), 'EUR')?.minor).toBe(minor);
      expect(storefrontPrice(String(minor / 100), 'EUR')?.minor).toBe(minor);
    }),
  );
});
