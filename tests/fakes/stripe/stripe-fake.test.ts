// The Stripe fake keeps Stripe's promises that the app relies on, checked through the real SDK:
// idempotency keys (the same request replayed answers the first result, no second object; another
// request with the same key is refused) and webhook signatures the SDK verifies.
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, startStripeFake, type StripeFake } from './index.js';

let fake: StripeFake;
let stripe: Stripe;
beforeAll(async () => {
  fake = await startStripeFake();
  const base = new URL(fake.url);
  stripe = new Stripe(FAKE_SECRET_KEY, { host: base.hostname, port: Number(base.port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => fake.close());

test('the same idempotency key and request: one customer; another request with that key: refused', async () => {
  const a = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-a' });
  const b = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-a' });
  expect(b.id).toBe(a.id);
  expect(fake.state.customers.size).toBe(1);
  await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-a' })).rejects.toMatchObject({
    type: 'StripeIdempotencyError',
  });
});

test('a completed checkout charges once; completing it again is refused', async () => {
  fake.seedPrice({ id: 'price_x', unit_amount: 500, currency: 'usd', interval: 'month' });
  const customer = await stripe.customers.create({ email: 'c@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_x', quantity: 1 }],
    ui_mode: 'embedded',
    return_url: 'http://x/',
  });
  expect(session.client_secret).toMatch(/_secret_/);
  const sub = await fake.completeCheckout(session.id);
  await expect(fake.completeCheckout(session.id)).rejects.toThrow(/complete/);
  expect(fake.state.charges.filter((c) => c.subscription === sub.id)).toHaveLength(1);
  expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0].price.id).toBe('price_x');
});

test('its webhooks carry signatures the SDK verifies, and a wrong secret fails', async () => {
  fake.webhooks.hold = true;
  const event = await fake.webhooks.emit('customer.subscription.updated', { id: 'sub_1', object: 'subscription' });
  const header = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: FAKE_WEBHOOK_SECRET });
  expect(stripe.webhooks.constructEvent(event.payload, header, FAKE_WEBHOOK_SECRET).id).toBe(event.id);
  expect(() => stripe.webhooks.constructEvent(event.payload, header, 'whsec_wrong')).toThrow();
});

test('an unknown promotion code lists nothing; a known one is found by its code', async () => {
  const coupon = fake.seedCoupon({ amount_off: 500, currency: 'usd', duration: 'forever' });
  fake.seedPromotionCode({ code: 'FIVE', coupon: coupon.id });
  expect((await stripe.promotionCodes.list({ code: 'NONE' })).data).toEqual([]);
  expect((await stripe.promotionCodes.list({ code: 'FIVE' })).data[0]).toMatchObject({ code: 'FIVE', active: true });
});

test("Stripe.js's session for the form on the app's page: read and confirmed by its client secret only; a declined card leaves it open; a paid one completes it with the webhooks", async () => {
  fake.seedPrice({ id: 'price_js', unit_amount: 2000, currency: 'usd', interval: 'month' });
  const coupon = fake.seedCoupon({ percent_off: 25, duration: 'repeating', duration_in_months: 3 });
  const promo = fake.seedPromotionCode({ code: 'JS25', coupon: coupon.id });
  const customer = await stripe.customers.create({ email: 'js@example.com' });
  await expect(
    stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_js', quantity: 1 }], ui_mode: 'elements' }),
  ).rejects.toMatchObject({ code: 'parameter_missing' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_js', quantity: 1 }],
    discounts: [{ promotion_code: promo.id }],
    ui_mode: 'elements',
    return_url: 'http://app.test/max/payment?success=1',
  });
  expect(session).toMatchObject({ ui_mode: 'elements', url: null, client_secret: expect.stringMatching(/_secret_/) });
  const js = (what: string, fields: Record<string, string>) =>
    fetch(`${fake.url}/js/checkout/${session.id}/${what}`, { method: 'POST', body: new URLSearchParams(fields) }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  expect((await js('session', { client_secret: 'cs_wrong_secret_x' })).status).toBe(404);
  const shown = await js('session', { client_secret: session.client_secret! });
  expect(shown.body).toMatchObject({
    id: session.id,
    email: 'js@example.com',
    status: { type: 'open' },
    total: { total: { minorUnitsAmount: 1500, amount: '$15.00' } },
    discountAmounts: [{ minorUnitsAmount: 500, promotionCode: 'JS25', recurring: { type: 'repeating', durationInMonths: 3 } }],
  });

  const hooksBefore = fake.webhooks.events.length;
  const declined = await js('confirm', { client_secret: session.client_secret!, payment_method_type: 'card', card_number: '4000 0000 0000 0002' });
  expect(declined.body).toMatchObject({ type: 'error', error: { code: 'paymentFailed', message: 'Your card was declined.' } });
  expect(fake.state.sessions.get(session.id)?.status).toBe('open');
  expect(fake.webhooks.events.length).toBe(hooksBefore);

  const paid = await js('confirm', { client_secret: session.client_secret!, payment_method_type: 'google_pay', 'billing_address[line1]': '1 Main St' });
  expect(paid.body).toMatchObject({ type: 'success', session: { status: { type: 'complete' } }, return_url: 'http://app.test/max/payment?success=1' });
  expect(fake.state.sessions.get(session.id)).toMatchObject({ status: 'complete', confirmed_with: 'google_pay', billing_address: { line1: '1 Main St' } });
  expect(fake.webhooks.events.slice(hooksBefore).map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
  // One session, one payment: confirming again is refused.
  expect((await js('confirm', { client_secret: session.client_secret!, payment_method_type: 'card', card_number: '4242424242424242' })).body).toMatchObject({
    type: 'error',
  });
});

test('a seat (quantity) change: refused without an idempotency key; with one, made once however often it is sent', async () => {
  fake.seedPrice({ id: 'price_seat', unit_amount: 500, currency: 'usd', interval: 'month' });
  const customer = await stripe.customers.create({ email: 'seats@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_seat', quantity: 2 }],
    success_url: 'http://x/',
  });
  const sub = await fake.completeCheckout(session.id);
  const item = sub.items.data[0].id;
  // The SDK adds a key of its own to every POST; a client without one (here plain fetch) is refused.
  const bare = await fetch(`${fake.url}/v1/subscriptions/${sub.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `items[0][id]=${item}&items[0][quantity]=3`,
  });
  expect(bare.status).toBe(400);
  expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_required');
  await expect(stripe.subscriptions.update(sub.id, { items: [{ id: item, quantity: 0 }] }, { idempotencyKey: 'seats-0' })).rejects.toMatchObject({
    code: 'parameter_invalid_integer',
  });
  for (let i = 0; i < 3; i++) await stripe.subscriptions.update(sub.id, { items: [{ id: item, quantity: 3 }] }, { idempotencyKey: 'seats-3' });
  expect(fake.quantityUpdates()).toEqual([{ subscription: sub.id, quantity: 3, previous: 2, idempotencyKey: 'seats-3' }]);
  expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0].quantity).toBe(3);
});

test('a payment intent: a declined card leaves it unpaid, a good one pays it once with its webhooks; a refund once; a paid one is not cancelled', async () => {
  const customer = await stripe.customers.create({ email: 'shopper@example.com' });
  const pi = await stripe.paymentIntents.create(
    { amount: 1200, currency: 'eur', customer: customer.id, automatic_payment_methods: { enabled: true }, metadata: { order_id: 'o1' } },
    { idempotencyKey: 'order-o1' },
  );
  expect(
    (
      await stripe.paymentIntents.create(
        { amount: 1200, currency: 'eur', customer: customer.id, automatic_payment_methods: { enabled: true }, metadata: { order_id: 'o1' } },
        { idempotencyKey: 'order-o1' },
      )
    ).id,
  ).toBe(pi.id);
  fake.webhooks.hold = true;
  await fake.confirmPaymentIntent(pi.id, { last4: '0002' });
  expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
  await fake.confirmPaymentIntent(pi.id);
  expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({ status: 'succeeded', amount_received: 1200 });
  expect(fake.webhooks.events.slice(-2).map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
  await expect(fake.confirmPaymentIntent(pi.id)).rejects.toThrow();
  await expect(stripe.paymentIntents.cancel(pi.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  const refund = await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: 'refund-o1' });
  expect((await stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: 'refund-o1' })).id).toBe(refund.id);
  expect(refund.amount).toBe(1200);
  await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data.map((pm) => pm.card?.last4).sort()).toEqual(['0002', '4242']);
  fake.webhooks.hold = false;
});

test('a tax calculation: the fake’s tax percent of the items and shipping', async () => {
  fake.state.taxPercent = 10;
  const calc = await stripe.tax.calculations.create({
    currency: 'usd',
    line_items: [{ amount: 1000, reference: 'items' }],
    shipping_cost: { amount: 500 },
    customer_details: { address: { line1: '1 Main St', city: 'Boulder', postal_code: '80302', state: 'CO', country: 'US' }, address_source: 'shipping' },
  });
  expect(calc.tax_amount_exclusive).toBe(150);
  fake.state.taxPercent = 0;
});
