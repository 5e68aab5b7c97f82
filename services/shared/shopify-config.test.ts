// Shopify stores in the configuration: one from SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN
// (both or neither), several in MERCHANT_FEEDS_FILE with `shopify`; bad values stop the start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { merchantKindOf, parseMerchantFeeds, storeOriginOf } from './merchant-feeds-config.js';

const TOKEN = 'storefront-token-0123';

test('SHOPIFY_STORE_DOMAIN and its token make the merchant `shopify`, named by SHOPIFY_STORE_NAME or the domain', () => {
  expect(loadConfig({}).shopping.merchants).toEqual([]);
  const one = loadConfig({ SHOPIFY_STORE_DOMAIN: 'fjord.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: TOKEN }).shopping.merchants;
  expect(one).toEqual([
    { id: 'shopify', name: 'fjord.myshopify.com', shopify: { store_domain: 'fjord.myshopify.com', storefront_token: TOKEN }, shipping_rates: [] },
  ]);
  expect(merchantKindOf(one[0]!)).toBe('shopify');
  expect(storeOriginOf(one[0]!.shopify!.store_domain)).toBe('https://fjord.myshopify.com');
  expect(storeOriginOf('http://127.0.0.1:8123/')).toBe('http://127.0.0.1:8123');
  const named = loadConfig({ SHOPIFY_STORE_DOMAIN: 'fjord.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: TOKEN, SHOPIFY_STORE_NAME: 'Fjord Outfitters' });
  expect(named.shopping.merchants[0]!.name).toBe('Fjord Outfitters');
});

test('a store half configured or with a bad domain stops the start with the variable', () => {
  expect(() => loadConfig({ SHOPIFY_STORE_DOMAIN: 'fjord.myshopify.com' })).toThrow(/SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN: set both/);
  expect(() => loadConfig({ SHOPIFY_STOREFRONT_TOKEN: TOKEN })).toThrow(ConfigError);
  expect(() => loadConfig({ SHOPIFY_STORE_DOMAIN: 'fjord shop/../x', SHOPIFY_STOREFRONT_TOKEN: TOKEN })).toThrow(
    /SHOPIFY_STORE_DOMAIN: must be a store domain/,
  );
  expect(() => loadConfig({ SHOPIFY_STORE_DOMAIN: 'fjord.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'short' })).toThrow(/SHOPIFY_STOREFRONT_TOKEN/);
});

test('MERCHANT_FEEDS_FILE lists stores with `shopify` beside feeds; one source per merchant, and the id `shopify` is the variables’', () => {
  const list = [
    { id: 'peak', name: 'Peak', url: 'https://peak.example/feed.xml' },
    { id: 'fjord', name: 'Fjord', shopify: { store_domain: 'fjord.myshopify.com', storefront_token: TOKEN } },
  ];
  expect(parseMerchantFeeds(JSON.stringify(list), '/x/merchants.json').map(merchantKindOf)).toEqual(['feed', 'shopify']);
  expect(() => parseMerchantFeeds(JSON.stringify([{ ...list[1], url: 'https://x.example/f.xml' }]), '/x/m.json')).toThrow('give one of url, file or shopify');
  expect(() => parseMerchantFeeds(JSON.stringify([{ id: 'x', name: 'X', shopify: { store_domain: 'x.myshopify.com' } }]), '/x/m.json')).toThrow(
    /storefront_token/,
  );
  const dir = mkdtempSync(join(tmpdir(), 'shopify-config-'));
  writeFileSync(join(dir, 'm.json'), JSON.stringify([{ id: 'shopify', name: 'Taken', url: 'https://peak.example/feed.xml' }]));
  expect(() => loadConfig({ MERCHANT_FEEDS_FILE: join(dir, 'm.json'), SHOPIFY_STORE_DOMAIN: 'fjord.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: TOKEN })).toThrow(
    /the id `shopify` is taken/,
  );
});
