// Shopping orders against the Stripe fake (issue 35, seed 002 §7): an order at the catalogue's
// prices (the merchant feed fake's feed, synced by the server) with Stripe Tax and the merchant's
// shipping, its payment intent, paid only by Stripe's signed webhook (once however often it is
// delivered), a declined card leaving it unpaid, a cancel refunding it, prices and currencies that
// changed refused, and the authorization rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { optionKeyOf, startMerchantCatalogue } from '../support/merchant-catalogue.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

// The merchant's feed, as the feed fake serves it: one jacket in two options, one sold out.
const TRAIL_SHOP = {
  id: 'trail-shop',
  name: 'Trail Shop',
  items: [
    { id: 'AJ-M-BLUE', groupId: 'alpine-jacket', title: 'Alpine waterproof jacket', price: '159.00 EUR', size: 'M', color: 'Blue' },
    { id: 'AJ-S-RED', groupId: 'alpine-jacket', title: 'Alpine waterproof jacket', price: '159.00 EUR', size: 'S', color: 'Red', availability: 'out_of_stock' },
  ],
};
const JACKET = { optionKey: optionKeyOf('trail-shop', 'AJ-M-BLUE'), priceMinor: 15_900 };
const SOLD_OUT = { optionKey: optionKeyOf('trail-shop', 'AJ-S-RED') };
const ADDRESS = { name: 'Ada Walker', line1: '1 Ridge Road', city: 'Innsbruck', postal_code: '6020', country: 'AT' };
const item = (over: Record<string, unknown> = {}) => ({
  option_key: JACKET.optionKey,
  quantity: 1,
  unit_price_minor: JACKET.priceMinor,
  currency: 'eur',
  ...over,
});

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
let db: pg.Client;
let catalogue: Awaited<ReturnType<typeof startMerchantCatalogue>>;

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.state.taxPercent = 20;
  catalogue = await startMerchantCatalogue([TRAIL_SHOP]);
  database = await createTestDatabase('shopping');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      ...stripe.env(),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
      STRIPE_TAX: 'true',
      SHOPPING_SHIPPING_RATES: 'trail-shop=500,*=900',
      ...catalogue.env,
    },
  });
  await catalogue.synced(server.url);
  stripe.webhooks.routes.push({ prefix: 'payment_intent.', target: `${server.url}/rest/shopping/stripe-webhook` });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  await server?.stop();
  await stripe?.close();
  await catalogue?.close();
  await database?.drop();
});

async function order(b: Browser, items = [item()]) {
  const res = await b.post('/rest/shopping/create-shopping-order', { items, shipping_address: ADDRESS });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
async function intent(b: Browser, orderId: string) {
  const res = await b.post('/rest/shopping/create-shopping-payment-intent', { order_id: orderId });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
const piIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];
const paidEvents = async (orderId: string) =>
  (await db.query(`select count(*)::int as n from events where stream_id = $1 and type = 'ShoppingOrderPaid'`, [`shopping-order-${orderId}`])).rows[0].n;

describe('an order paid and cancelled', () => {
  test('tax and shipping before paying: Stripe Tax on the amount and shipping, the merchant’s flat rate', async () => {
    const b = await signedUp(server.url, 'Tax Asker');
    const res = await b.post('/rest/shopping/calculate-tax-and-shipping', { shipping_address: ADDRESS, amount: 15_900, option_key: JACKET.optionKey });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      tax_calculated: true,
      subtotal_minor: 15_900,
      tax_minor: 3_280,
      shipping_minor: 500,
      total_minor: 19_680,
      currency: 'eur',
      message: null,
    });
  });

  test('create order → payment intent → webhook → paid; the same webhook again pays nothing more; cancel refunds it', async () => {
    const b = await signedUp(server.url, 'Buyer');
    const created = await order(b, [item({ quantity: 2 })]);
    expect(created).toMatchObject({ status: 'created', subtotal_minor: 31_800, shipping_minor: 500, tax_minor: 6_460, total_minor: 38_760, currency: 'eur' });
    const pi = await intent(b, created.order_id);
    expect(pi).toMatchObject({
      status: 'success',
      order_id: created.order_id,
      amount_minor: 38_760,
      currency: 'eur',
      publishable_key: 'pk_test_fake_0123456789',
    });
    // Asking again answers the same payment intent.
    expect((await intent(b, created.order_id)).client_secret).toBe(pi.client_secret);
    const stripePi = stripe.payments.paymentIntents.get(piIdOf(pi.client_secret))!;
    expect(stripePi).toMatchObject({ amount: 38_760, currency: 'eur', automatic_payment_methods: { enabled: true }, metadata: { order_id: created.order_id } });

    // Until Stripe says so, the order is not paid.
    expect((await b.get(`/rest/shopping/orders/${created.order_id}`)).json.status).toBe('awaiting_payment');
    await stripe.confirmPaymentIntent(stripePi.id);
    const paid = (await b.get(`/rest/shopping/orders/${created.order_id}`)).json;
    expect(paid).toMatchObject({ status: 'paid', refund: null, payment_error: null });
    expect(paid.paid_at).not.toBeNull();

    const succeeded = stripe.webhooks.events.find((e) => e.type === 'payment_intent.succeeded' && e.payload.includes(stripePi.id))!;
    expect(await stripe.webhooks.deliver(succeeded)).toBe(200);
    expect(await stripe.webhooks.deliver(succeeded)).toBe(200);
    expect(await paidEvents(created.order_id)).toBe(1);
    // A paid order takes no second payment intent.
    expect((await b.post('/rest/shopping/create-shopping-payment-intent', { order_id: created.order_id })).json.code).toBe('order_not_payable');

    const cancelled = await b.post('/rest/shopping/update-shopping-order', { order_id: created.order_id, order_status: 'cancelled' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', refund: { amount_minor: 38_760, status: 'succeeded' } });
    const refunds = [...stripe.payments.refunds.values()].filter((r) => r.payment_intent === stripePi.id);
    expect(refunds.map((r) => r.amount)).toEqual([38_760]);
    const again = await b.post('/rest/shopping/update-shopping-order', { order_id: created.order_id, order_status: 'cancelled' });
    expect([again.status, again.json.code]).toEqual([409, 'order_already_cancelled']);
    expect((await b.get('/rest/shopping/orders')).json.orders.map((o: { order_id: string; status: string }) => [o.order_id, o.status])).toEqual([
      [created.order_id, 'cancelled'],
    ]);
  });

  test('a declined card leaves no paid order; a later good card pays it', async () => {
    const b = await signedUp(server.url, 'Declined Buyer');
    const created = await order(b);
    const pi = await intent(b, created.order_id);
    await stripe.confirmPaymentIntent(piIdOf(pi.client_secret), { last4: '0002' });
    const failed = (await b.get(`/rest/shopping/orders/${created.order_id}`)).json;
    expect(failed).toMatchObject({ status: 'payment_failed', payment_error: 'Your card was declined.', paid_at: null });
    expect(await paidEvents(created.order_id)).toBe(0);
    await stripe.confirmPaymentIntent(piIdOf(pi.client_secret));
    expect((await b.get(`/rest/shopping/orders/${created.order_id}`)).json.status).toBe('paid');
  });

  test('an unpaid order cancelled has its payment intent cancelled and no refund', async () => {
    const b = await signedUp(server.url, 'Changed Mind');
    const created = await order(b);
    const pi = await intent(b, created.order_id);
    const res = await b.post('/rest/shopping/update-shopping-order', { order_id: created.order_id, order_status: 'cancelled' });
    expect(res.json).toMatchObject({ status: 'cancelled', refund: null });
    expect(stripe.payments.paymentIntents.get(piIdOf(pi.client_secret))!.status).toBe('canceled');
  });

  test('a webhook with a bad signature changes nothing', async () => {
    const b = await signedUp(server.url, 'Forged');
    const created = await order(b);
    const pi = await intent(b, created.order_id);
    stripe.webhooks.hold = true;
    try {
      await stripe.confirmPaymentIntent(piIdOf(pi.client_secret));
      const sent = stripe.webhooks.events.at(-1)!;
      expect(await stripe.webhooks.deliver(sent, { secret: 'whsec_someone_else_entirely' })).toBe(400);
      expect((await b.get(`/rest/shopping/orders/${created.order_id}`)).json.status).toBe('awaiting_payment');
      expect(await stripe.webhooks.deliver(sent)).toBe(200);
      expect((await b.get(`/rest/shopping/orders/${created.order_id}`)).json.status).toBe('paid');
    } finally {
      stripe.webhooks.hold = false;
    }
  });
});

describe('refused orders', () => {
  test('a price changed since the cart, another currency, an option no longer sold, an unknown one', async () => {
    const b = await signedUp(server.url, 'Careful Buyer');
    const refusal = async (items: unknown[]) => {
      const res = await b.post('/rest/shopping/create-shopping-order', { items, shipping_address: ADDRESS });
      return [res.status, res.json.code];
    };
    expect(await refusal([item({ unit_price_minor: 14_900 })])).toEqual([409, 'price_changed']);
    expect(await refusal([item({ currency: 'usd' })])).toEqual([400, 'currency_mismatch']);
    expect(await refusal([item({ option_key: SOLD_OUT.optionKey })])).toEqual([409, 'option_unavailable']);
    expect(await refusal([item({ option_key: 'no-such-option' })])).toEqual([404, 'option_not_found']);
    expect((await b.get('/rest/shopping/orders')).json.orders).toEqual([]);
  });

  test('a country that is not two Latin letters is refused at the edge, before anything is saved ("ß" upper case is "SS")', async () => {
    const b = await signedUp(server.url, 'Faraway Buyer');
    for (const country of ['ßa', 'U1', 'USA']) {
      const res = await b.post('/rest/stripe/update-customer-shipping-address', { shipping_address: { ...ADDRESS, country } });
      expect([res.status, res.text]).toEqual([400, expect.stringContaining('country')]);
    }
    expect((await b.get('/rest/shopping/retrieve-customer-shopping-info')).json.shipping_address).toBeNull();
    const saved = await b.post('/rest/stripe/update-customer-shipping-address', { shipping_address: { ...ADDRESS, country: 'at' } });
    expect(saved.json.shipping_address.country).toBe('AT');
  });
});

describe('authorization rows', () => {
  test('every order operation: the owner, a stranger, anonymous', async () => {
    const owner = await signedUp(server.url, 'Owner');
    const [stranger, anonymous] = await Promise.all([signedUp(server.url, 'Stranger'), visitor(server.url)]);
    const created = await order(owner);
    const id = created.order_id;
    const ops: [string, (b: Browser) => Promise<{ status: number }>][] = [
      ['getShoppingOrder', (b) => b.get(`/rest/shopping/orders/${id}`)],
      ['listShoppingOrders', (b) => b.get('/rest/shopping/orders')],
      ['createShoppingPaymentIntent', (b) => b.post('/rest/shopping/create-shopping-payment-intent', { order_id: id })],
      ['calculateTaxAndShipping', (b) => b.post('/rest/shopping/calculate-tax-and-shipping', { shipping_address: ADDRESS, amount: 100, currency: 'eur' })],
      ['retrieveCustomerShoppingInfo', (b) => b.get('/rest/shopping/retrieve-customer-shopping-info')],
      ['updateCustomerShippingAddress', (b) => b.post('/rest/stripe/update-customer-shipping-address', { shipping_address: ADDRESS })],
      ['createShoppingOrder', (b) => b.post('/rest/shopping/create-shopping-order', { items: [item()], shipping_address: ADDRESS })],
      ['updateShoppingOrder', (b) => b.post('/rest/shopping/update-shopping-order', { order_id: id, order_status: 'cancelled' })],
    ];
    const rows: Record<string, Record<string, number>> = {};
    for (const [name, call] of ops)
      rows[name] = { stranger: (await call(stranger)).status, anonymous: (await call(anonymous)).status, owner: (await call(owner)).status };
    expect(rows).toEqual({
      getShoppingOrder: { stranger: 404, anonymous: 401, owner: 200 },
      listShoppingOrders: { stranger: 200, anonymous: 401, owner: 200 },
      createShoppingPaymentIntent: { stranger: 404, anonymous: 401, owner: 200 },
      calculateTaxAndShipping: { stranger: 200, anonymous: 401, owner: 200 },
      retrieveCustomerShoppingInfo: { stranger: 200, anonymous: 401, owner: 200 },
      updateCustomerShippingAddress: { stranger: 200, anonymous: 401, owner: 200 },
      createShoppingOrder: { stranger: 200, anonymous: 401, owner: 200 },
      updateShoppingOrder: { stranger: 404, anonymous: 401, owner: 200 },
    });
    // Nobody sees another's orders or address.
    expect((await stranger.get('/rest/shopping/orders')).json.orders.map((o: { order_id: string }) => o.order_id)).not.toContain(id);
    const info = (await owner.get('/rest/shopping/retrieve-customer-shopping-info')).json;
    expect(info.shipping_address).toMatchObject(ADDRESS);
    expect(info.payment_methods).toEqual([]);
  });
});
