// A Shopify store as a merchant (issue 35), on the real server and PostgreSQL against the Shopify
// Storefront fake: the store (SHOPIFY_STORE_DOMAIN, SHOPIFY_STOREFRONT_TOKEN) is synced at start
// by the durable feed workflow into the same catalogue as a feed merchant, its products carrying
// their merchant kind in cards and details; the Firmly-style calls (seed 002 §7) make a cart at
// the store, give it the buyer's address and open its checkout; a feed merchant's option, another
// person's cart, a blank address, a failing store and an expired cart are refused with clear
// problems and leave nothing behind; a failed store sync keeps the last good catalogue; and the
// authorization rows of the three calls.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { shopifyMerchantOf } from '../../services/shared/merchant-feeds-config.js';
import { optionKeyOf } from '../../services/shopping/catalogue/feed-product.js';
import { syncMerchant } from '../../services/shopping/index.js';
import { tsvFeed } from '../fakes/merchant-feed.js';
import { type FakeShopifyProduct, SHIPPING_MINOR, startShopifyStorefrontFake } from '../fakes/shopify-storefront.js';
import { createTestDatabase, queryRows, testDb } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const TOKEN = 'shpat-storefront-fake-0123';
const JACKET: FakeShopifyProduct = {
  id: 'gid://shopify/Product/100',
  title: 'Fjord waterproof hiking jacket',
  description: 'A waterproof shell from the fjords',
  vendor: 'Fjord',
  handle: 'fjord-jacket',
  images: ['https://cdn.shopify.example/fjord.jpg'],
  variants: [
    { id: 'gid://shopify/ProductVariant/101', title: 'M / Green', price: '159.0', options: { Size: 'M', Color: 'Green' } },
    { id: 'gid://shopify/ProductVariant/102', title: 'L / Green', price: '165.0', available: false, options: { Size: 'L', Color: 'Green' } },
  ],
};
const MUG: FakeShopifyProduct = {
  id: 'gid://shopify/Product/200',
  title: 'Enamel camp mug',
  handle: 'camp-mug',
  variants: [{ id: 'gid://shopify/ProductVariant/201', title: 'Default Title', price: '12.5' }],
};
const ADDRESS = { name: 'Ada Walker', line1: '1 Ridge Road', city: 'Bergen', postal_code: '5003', country: 'no' };
const keyOf = (variantId: string) => optionKeyOf('shopify', variantId);
const M = keyOf('gid://shopify/ProductVariant/101');
const L = keyOf('gid://shopify/ProductVariant/102');
const FEED_OPTION = optionKeyOf('socks', 'S1');

let database: { url: string; drop: () => Promise<void> };
let shop: Awaited<ReturnType<typeof startShopifyStorefrontFake>>;
let server: ServerProcess;
let db: Db;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> {
  let v: T | undefined;
  for (let i = 0; i < 600; i++) {
    v = await read();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}\n${server.logs().slice(-3000)}`);
}
const merchantsOf = async (b: Browser) => (await b.get('/rest/shopping/merchant-feeds')).json.merchants as Array<Record<string, any>>;
const cartEvents = async (userId: string) =>
  (await queryRows(database.url, 'select type from events where stream_id = $1 order by stream_version', [`shopping-cart-${userId}`])).map((r) => r.type);

beforeAll(async () => {
  database = await createTestDatabase('shopify');
  shop = await startShopifyStorefrontFake({ token: TOKEN, pageSize: 1 });
  shop.setProducts([JACKET, MUG]);
  const dir = mkdtempSync(join(tmpdir(), 'merchants-'));
  writeFileSync(join(dir, 'socks.tsv'), tsvFeed([{ id: 'S1', title: 'Wool hiking socks', price: '12.00 EUR' }]));
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([{ id: 'socks', name: 'Sock Shop', file: 'socks.tsv' }]));
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      MERCHANT_FEEDS_FILE: join(dir, 'merchants.json'),
      SHOPIFY_STORE_DOMAIN: shop.url,
      SHOPIFY_STOREFRONT_TOKEN: TOKEN,
      SHOPIFY_STORE_NAME: 'Fjord Outfitters',
    },
  });
  db = testDb(database.url, 2);
  await waitFor(
    async () => merchantsOf(await visitor(server.url)),
    (ms) => ms.every((m) => m.last_ok_at),
    'the first syncs',
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await shop?.close();
  await database?.drop();
});

describe("a Shopify store's products in the catalogue", () => {
  test('the workflow reads the store page by page with its token; its products carry the merchant kind', { timeout: 60_000 }, async () => {
    const anyone = await visitor(server.url);
    expect((await merchantsOf(anyone)).map((m) => [m.merchant_id, m.merchant_name, m.merchant_kind, m.product_count, m.last_error])).toEqual([
      ['socks', 'Sock Shop', 'feed', 1, null],
      ['shopify', 'Fjord Outfitters', 'shopify', 2, null],
    ]);
    expect(shop.asked.filter((a) => a.operation === 'products').every((a) => a.token === TOKEN)).toBe(true);
    const details = await anyone.post('/rest/shopping/fetch-product-details', { option_key: M });
    expect(details.status, details.text).toBe(200);
    expect(details.json).toMatchObject({
      title: JACKET.title,
      brand: 'Fjord',
      merchant_name: 'Fjord Outfitters',
      merchant_kind: 'shopify',
      link: `${shop.url}/products/fjord-jacket`,
    });
    expect(details.json.options.map((o: any) => [o.label, o.size, o.color, o.price_minor, o.available])).toEqual([
      ['M / Green', 'M', 'Green', 15900, true],
      ['L / Green', 'L', 'Green', 16500, false],
    ]);
    expect((await anyone.post('/rest/shopping/fetch-product-details', { option_key: FEED_OPTION })).json.merchant_kind).toBe('feed');
  });

  test("a buying question's cards include the store's product, with its kind", { timeout: 60_000 }, async () => {
    const owner = await signedUp(server.url, 'Card Shopper');
    const question = 'a waterproof hiking jacket under 200 euros';
    const events = await collect(await askStream(server.url, owner, { query_str: question }));
    const entry = events[0].data as { backend_uuid: string; context_uuid: string };
    const res = await owner.post('/rest/shopping/search-shopping-for-entry', {
      query: question,
      read_write_token: entry.context_uuid,
      entry_uuid: entry.backend_uuid,
    });
    expect(res.json.shopping_widgets.map((w: any) => [w.title, w.merchant_name, w.merchant_kind, w.price_minor])).toEqual([
      ['Fjord waterproof hiking jacket', 'Fjord Outfitters', 'shopify', 15900],
    ]);
  });

  test('a store that fails its sync keeps the last good catalogue; a changed store replaces it', { timeout: 60_000 }, async () => {
    const store = new EventStore(db, projections);
    const merchant = shopifyMerchantOf({ domain: shop.url, token: TOKEN, name: 'Fjord Outfitters' });
    const deps = { db, store, now: () => new Date(), feedMaxBytes: 1024 * 1024 };
    shop.fail(500);
    try {
      expect(await syncMerchant(deps, merchant)).toEqual({ merchant_id: 'shopify', outcome: 'failed', product_count: 0, reason: 'The store answered 500.' });
    } finally {
      shop.fail(null);
    }
    const anyone = await visitor(server.url);
    expect((await merchantsOf(anyone)).find((m) => m.merchant_id === 'shopify')).toMatchObject({ product_count: 2, last_error: 'The store answered 500.' });
    expect((await syncMerchant(deps, merchant)).outcome).toBe('unchanged');
    shop.setProducts([{ ...JACKET, variants: [{ ...JACKET.variants[0]!, price: '149.0' }, JACKET.variants[1]!] }, MUG]);
    try {
      expect(await syncMerchant(deps, merchant)).toMatchObject({ outcome: 'synced', product_count: 2 });
      expect((await anyone.post('/rest/shopping/fetch-product-details', { option_key: M })).json.options[0].price_minor).toBe(14900);
    } finally {
      shop.setProducts([JACKET, MUG]);
      await syncMerchant(deps, merchant);
    }
  });
});

describe('a cart at the store, its shipping info and its checkout session', () => {
  test('a cart is made at the store, given the buyer and address, and its checkout opens', { timeout: 30_000 }, async () => {
    const owner = await signedUp(server.url, 'Cart Shopper', `cart.${Date.now()}@example.com`);
    const made = await owner.post('/rest/shopping/create-firmly-cart', { option_key: M, quantity: 2 });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toMatchObject({
      merchant_id: 'shopify',
      merchant_name: 'Fjord Outfitters',
      lines: [
        {
          option_key: M,
          title: JACKET.title,
          option_label: 'M / Green',
          quantity: 2,
          unit_price_minor: 15900,
          currency: 'EUR',
          image_url: 'https://cdn.shopify.example/fjord.jpg',
        },
      ],
      subtotal_minor: 31800,
      total_minor: 31800,
      currency: 'EUR',
      shipping_info_set: false,
    });
    expect(shop.carts.get(made.json.cart_id)?.lines).toEqual([expect.objectContaining({ merchandiseId: 'gid://shopify/ProductVariant/101', quantity: 2 })]);
    const early = await owner.get('/rest/shopping/create-firmly-session');
    expect([early.status, early.json.code]).toEqual([409, 'shipping_info_required']);

    const shipped = await owner.post('/rest/shopping/set-firmly-shipping-info', {
      cart_id: made.json.cart_id,
      shipping_address: { ...ADDRESS, phone: '+47 555 0100' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.json).toMatchObject({ shipping_info_set: true, subtotal_minor: 31800, total_minor: 31800 + SHIPPING_MINOR });
    expect(shop.carts.get(made.json.cart_id)?.buyerIdentity).toEqual({
      email: expect.stringMatching(/^cart\.\d+@example\.com$/),
      phone: '+47 555 0100',
      countryCode: 'NO',
      deliveryAddressPreferences: [
        {
          deliveryAddress: {
            firstName: 'Ada',
            lastName: 'Walker',
            address1: '1 Ridge Road',
            address2: null,
            city: 'Bergen',
            province: null,
            country: 'NO',
            zip: '5003',
            phone: '+47 555 0100',
          },
        },
      ],
    });
    const session = await owner.get('/rest/shopping/create-firmly-session');
    expect(session.status, session.text).toBe(200);
    expect(session.json).toEqual({
      cart_id: made.json.cart_id,
      checkout_url: made.json.checkout_url,
      merchant_name: 'Fjord Outfitters',
      total_minor: 31800 + SHIPPING_MINOR,
      currency: 'EUR',
    });
    expect(session.json.checkout_url.startsWith(`${shop.url}/cart/c/`)).toBe(true);
    // The token stays on the server.
    expect(JSON.stringify([made.json, shipped.json, session.json])).not.toContain(TOKEN);
  });

  test('bad input and refusals leave no cart behind', { timeout: 30_000 }, async () => {
    const b = await signedUp(server.url, 'Refused Shopper');
    const userId = (await b.get('/rest/session')).json.user.id as string;
    const code = async (res: Promise<{ status: number; json: any }>) => {
      const r = await res;
      return [r.status, r.json?.code];
    };
    expect(await code(b.post('/rest/shopping/create-firmly-cart', { option_key: FEED_OPTION }))).toEqual([409, 'merchant_paid_in_thread']);
    expect(await code(b.post('/rest/shopping/create-firmly-cart', { option_key: L }))).toEqual([409, 'option_unavailable']);
    expect(await code(b.post('/rest/shopping/create-firmly-cart', { option_key: 'no-such-option' }))).toEqual([404, 'option_not_found']);
    expect((await b.post('/rest/shopping/create-firmly-cart', { option_key: M, quantity: 0 })).status).toBe(400);
    expect((await b.post('/rest/shopping/create-firmly-cart', { option_key: M, quantity: 21 })).status).toBe(400);
    expect((await b.post('/rest/shopping/create-firmly-cart', {})).status).toBe(400);
    shop.fail(503);
    try {
      expect(await code(b.post('/rest/shopping/create-firmly-cart', { option_key: M }))).toEqual([503, 'store_unavailable']);
    } finally {
      shop.fail(null);
    }
    expect(await code(b.get('/rest/shopping/create-firmly-session'))).toEqual([404, 'cart_not_found']);
    expect(await cartEvents(userId)).toEqual([]);

    const made = (await b.post('/rest/shopping/create-firmly-cart', { option_key: keyOf('gid://shopify/ProductVariant/201') })).json;
    expect(await code(b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: 'gid://shopify/Cart/someone-else', shipping_address: ADDRESS }))).toEqual([
      404,
      'cart_not_found',
    ]);
    expect(await code(b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: made.cart_id, shipping_address: { ...ADDRESS, name: '   ' } }))).toEqual([
      400,
      'shipping_address_incomplete',
    ]);
    expect((await b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: made.cart_id, shipping_address: ADDRESS, email: 'not an email' })).status).toBe(
      400,
    );
    shop.fail(500);
    try {
      expect(await code(b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: made.cart_id, shipping_address: ADDRESS }))).toEqual([
        503,
        'store_unavailable',
      ]);
    } finally {
      shop.fail(null);
    }
    expect(await cartEvents(userId)).toEqual(['StoreCartCreated']);
    // The store lets the cart expire: the session says so once, then there is no cart.
    expect((await b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: made.cart_id, shipping_address: ADDRESS })).status).toBe(200);
    shop.expire(made.cart_id);
    expect(await code(b.get('/rest/shopping/create-firmly-session'))).toEqual([404, 'cart_expired']);
    expect(await code(b.get('/rest/shopping/create-firmly-session'))).toEqual([404, 'cart_not_found']);
    expect(await cartEvents(userId)).toEqual(['StoreCartCreated', 'StoreCartShippingSet', 'StoreCartExpired']);
  });
});

describe('authorization rows', () => {
  test('every cart operation: the owner, a stranger, anonymous', { timeout: 30_000 }, async () => {
    const owner = await signedUp(server.url, 'Cart Owner');
    const [stranger, anonymous] = await Promise.all([signedUp(server.url, 'Cart Stranger'), visitor(server.url)]);
    const cart = (await owner.post('/rest/shopping/create-firmly-cart', { option_key: M })).json;
    const ops: [string, (b: Browser) => Promise<{ status: number }>][] = [
      ['setFirmlyShippingInfo', (b) => b.post('/rest/shopping/set-firmly-shipping-info', { cart_id: cart.cart_id, shipping_address: ADDRESS })],
      ['createFirmlySession', (b) => b.get('/rest/shopping/create-firmly-session')],
      ['createFirmlyCart', (b) => b.post('/rest/shopping/create-firmly-cart', { option_key: M })],
    ];
    const rows: Record<string, Record<string, number>> = {};
    for (const [name, call] of ops)
      rows[name] = { stranger: (await call(stranger)).status, anonymous: (await call(anonymous)).status, owner: (await call(owner)).status };
    expect(rows).toEqual({
      // Another person's cart is not theirs to ship, and they have none to check out.
      setFirmlyShippingInfo: { stranger: 404, anonymous: 401, owner: 200 },
      createFirmlySession: { stranger: 404, anonymous: 401, owner: 200 },
      createFirmlyCart: { stranger: 200, anonymous: 401, owner: 200 },
    });
    // The stranger's own cart did not touch the owner's.
    expect(shop.carts.get(cart.cart_id)?.buyerIdentity).toMatchObject({ deliveryAddressPreferences: [{ deliveryAddress: { lastName: 'Walker' } }] });
  });
});
