// The Storefront API adapter against the Shopify fake on 127.0.0.1: products read page by page
// with the token, carts made, given a buyer and read back; a wrong token, a failing store and an
// answer of the wrong shape become StorefrontErrors that never hold the token.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listenLoopback } from '../../../tests/fakes/listen.js';
import { SHIPPING_MINOR, startShopifyStorefrontFake } from '../../../tests/fakes/shopify-storefront.js';
import { createCart, fetchStoreProducts, readCart, setBuyerIdentity, StorefrontError } from './index.js';

const TOKEN = 'storefront-token-123';
let shop: Awaited<ReturnType<typeof startShopifyStorefrontFake>>;
beforeAll(async () => {
  shop = await startShopifyStorefrontFake({ token: TOKEN, pageSize: 2 });
  shop.setProducts(
    Array.from({ length: 5 }, (_, i) => ({
      id: `gid://shopify/Product/${i}`,
      title: `Product ${i}`,
      handle: `product-${i}`,
      variants: [{ id: `gid://shopify/ProductVariant/${i}`, title: 'Default Title', price: '10.0' }],
    })),
  );
});
afterAll(() => shop?.close());

const store = () => ({ origin: shop.url, token: TOKEN });

test('every product is read, a page at a time, with the token', async () => {
  shop.asked.length = 0;
  const products = await fetchStoreProducts(store());
  expect(products.map((p) => p.title)).toEqual(['Product 0', 'Product 1', 'Product 2', 'Product 3', 'Product 4']);
  expect(shop.asked.map((a) => [a.operation, a.variables.after ?? null, a.token])).toEqual([
    ['products', null, TOKEN],
    ['products', 'c2', TOKEN],
    ['products', 'c4', TOKEN],
  ]);
});

test('a cart is made, given its buyer and address (its total then has shipping), and read back', async () => {
  const cart = await createCart(store(), [{ merchandiseId: 'gid://shopify/ProductVariant/1', quantity: 2 }]);
  expect(cart.cost.subtotalAmount).toEqual({ amount: '20.0', currencyCode: 'EUR' });
  expect(cart.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cart\/c\//);
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address1: '1 Road',
    address2: null,
    city: 'Oslo',
    province: null,
    country: 'NO',
    zip: '0150',
    phone: null,
  };
  const withBuyer = await setBuyerIdentity(store(), cart.id, { email: 'ada@example.com', phone: null, countryCode: 'NO', deliveryAddress: address });
  expect(Number(withBuyer.cost.totalAmount.amount) * 100).toBe(2000 + SHIPPING_MINOR);
  expect(shop.carts.get(cart.id)?.buyerIdentity).toEqual({
    email: 'ada@example.com',
    phone: null,
    countryCode: 'NO',
    deliveryAddressPreferences: [{ deliveryAddress: address }],
  });
  expect((await readCart(store(), cart.id))?.id).toBe(cart.id);
  shop.expire(cart.id);
  expect(await readCart(store(), cart.id)).toBeNull();
});

test("the store's refusals and failures are StorefrontErrors without the token", async () => {
  await expect(createCart(store(), [{ merchandiseId: 'gid://shopify/ProductVariant/none', quantity: 1 }])).rejects.toThrow(/does not exist/);
  const wrong = fetchStoreProducts({ origin: shop.url, token: 'wrong-token-456' });
  await expect(wrong).rejects.toBeInstanceOf(StorefrontError);
  await expect(wrong).rejects.toThrow('The store answered 401 (check the Storefront API token).');
  shop.fail(502);
  try {
    await expect(fetchStoreProducts(store())).rejects.toThrow('The store answered 502.');
  } finally {
    shop.fail(null);
  }
  const odd = await listenLoopback((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"products":{"edges":"x"}}}'));
  try {
    const err = await fetchStoreProducts({ origin: odd.url, token: TOKEN }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(StorefrontError);
    expect((err as Error).message).toMatch(/not in the expected shape/);
    expect((err as Error).message).not.toContain(TOKEN);
  } finally {
    await odd.close();
  }
});
