// Billing against the Stripe fake: checkout (embedded and hosted, with promotion codes), the
// webhooks that make a subscription, the session user's plan, the portal link, the refresh, the
// administrator's store subscriptions; and the webhooks' reliability (a bad signature changes
// nothing; every event delivered five times, shuffled, gives one effect and the in-order state).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ADMIN = `billing.admin.${Date.now()}@admin.example`;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
let db: pg.Client;

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  const coupon = stripe.seedCoupon({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
  stripe.seedPromotionCode({ code: 'HALFOFF', coupon: coupon.id });
  stripe.seedPromotionCode({ code: 'OLDCODE', coupon: coupon.id, active: false });
  database = await createTestDatabase('billing');
  // The operator's plans: Max with its own file limits (the other plans keep the defaults).
  const plansFile = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json');
  writeFileSync(
    plansFile,
    JSON.stringify({
      max: {
        name: 'Max',
        limits: { files_per_repository: 33, files_per_person: 44 },
        capabilities: { unlimitedProSearch: true, maxModelSelection: true, unlimitedResearch: true, fileUpload: true },
        prices: {
          monthly: { stripe_price_id: 'price_max_monthly', amount_minor: 20000, currency: 'usd' },
          yearly: { stripe_price_id: 'price_max_yearly', amount_minor: 200000, currency: 'usd' },
        },
      },
    }),
  );
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { ...stripe.env(), ADMIN_EMAILS: ADMIN, GOVERNMENT_EMAIL_DOMAINS: 'gov.example', BILLING_PLANS_FILE: plansFile },
  });
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.stop();
  await stripe?.close();
  await database?.drop();
});

const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
const eventTypes = async (userId: string) =>
  (await db.query('select type from events where stream_id = $1 order by stream_version', [`subscription-${userId}`])).rows.map((r) => r.type as string);
const sessionIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

describe('checkout', () => {
  test('signed out: 401; the plans say billing is configured, with prices in minor units', async () => {
    const v = await visitor(server.url);
    const res = await v.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true });
    expect(res.status).toBe(401);
    const plans = (await v.get('/rest/billing/plans')).json;
    expect(plans.configured).toBe(true);
    expect(plans.plans.find((p: { id: string }) => p.id === 'max').prices).toEqual([
      { interval: 'monthly', price_minor_units: 20000, currency: 'usd' },
      { interval: 'yearly', price_minor_units: 200000, currency: 'usd' },
    ]);
  });

  test('checkout for the form on the page, paid: the webhooks make the person Pro, with Pro capabilities, at once on their session', async () => {
    const b = await signedUp(server.url, 'Paula');
    const before = await sessionUser(b);
    expect(before).toMatchObject({ subscription_status: 'none', subscription_plan: 'free', subscription_source: 'stripe' });
    const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true, locale: 'fr', origin: 'pricing' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ clientSecret: expect.stringMatching(/^cs_test_\w+_secret_/) });
    const session = stripe.state.sessions.get(sessionIdOf(res.json.clientSecret))!;
    // The form on the app's page: Stripe's `elements` mode, returning to the payment page.
    expect(session).toMatchObject({
      ui_mode: 'elements',
      return_url: expect.stringMatching(/\/max\/payment\?success=1$/),
      locale: 'fr',
      client_reference_id: before.id,
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
    });

    await stripe.completeCheckout(session.id);
    await expect.poll(async () => (await sessionUser(b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    expect(await sessionUser(b)).toMatchObject({
      subscription_status: 'active',
      subscription_source: 'stripe',
      capabilities: { unlimitedProSearch: true, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
    });
    const sub = (await b.get('/rest/billing/subscription')).json;
    expect(sub).toMatchObject({ status: 'active', plan: 'pro', interval: 'monthly', cancel_at_period_end: false });
    expect(Date.parse(sub.current_period_end)).toBeGreaterThan(Date.now());

    // Subscribed already: a second checkout is refused with the seed's page error.
    const again = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'max', tier: 'monthly', embedded: true });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'subscription_already_active', detail: 'subscription already active' });

    // The portal, in the person's locale; the refresh finds nothing new.
    const portal = await b.get('/rest/stripe/customer-portal?locale=de');
    expect(portal.status, portal.text).toBe(200);
    expect(new URL(portal.json.url).searchParams.get('locale')).toBe('de');
    const refreshed = await b.post('/rest/stripe/subscription/refresh');
    expect(refreshed.json).toMatchObject({ status: 'active', plan: 'pro' });
    expect(await eventTypes(before.id)).toEqual(['SubscriptionCustomerLinked', 'SubscriptionStarted']);
  });

  test('hosted checkout answers a url; promotion codes: unknown and expired refused, a valid one applied', async () => {
    const b = await signedUp(server.url, 'Hosted');
    const hosted = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'max', tier: 'yearly', embedded: false, discountCode: 'HALFOFF' });
    expect(hosted.status, hosted.text).toBe(200);
    // The applied code's coupon comes back for the page's discount text.
    expect(hosted.json).toEqual({
      url: expect.stringMatching(`^${stripe.url}/pay/`),
      discount: { percent_off: 50, amount_off: null, currency: null, duration: 'repeating', duration_in_months: 3 },
    });
    const session = stripe.state.sessions.get(hosted.json.url.split('/').pop())!;
    expect(session.promotion_code).toBe([...stripe.state.promotionCodes.values()].find((p) => p.code === 'HALFOFF')!.id);
    expect(session.line_items[0].price).toBe('price_max_yearly');
    expect(session.success_url).toBe(`${server.url}/max/payment?success=1`);

    const unknown = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true, discountCode: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'invalid_promo_code', detail: 'Invalid promo code' });
    const expired = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true, discountCode: 'OLDCODE' });
    expect(expired.json).toMatchObject({ code: 'expired_promo_code', detail: 'Expired promo code' });
    const offSite = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true, success_redirect_url: '//evil.example/x' });
    expect(offSite.json).toMatchObject({ code: 'invalid_redirect_url' });
  });

  test('Stripe refusing the session is a 503 problem saying so, and no session is kept', async () => {
    const b = await signedUp(server.url, 'Refused');
    const before = stripe.state.sessions.size;
    stripe.refuseNext('POST', '/v1/checkout/sessions');
    const refused = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true });
    expect([refused.status, refused.json.code, refused.json.detail]).toEqual([
      503,
      'stripe_checkout_error',
      'Stripe could not start the checkout. Please try again.',
    ]);
    expect(stripe.state.sessions.size).toBe(before);
    expect((await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true })).status).toBe(200);
  });

  test('every POST to Stripe carried an idempotency key, and one person has one customer', async () => {
    const posts = stripe.state.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.filter((r) => !r.idempotencyKey)).toEqual([]);
    const byUser = new Map<string, number>();
    for (const c of stripe.state.customers.values()) byUser.set(c.metadata.user_id, (byUser.get(c.metadata.user_id) ?? 0) + 1);
    expect([...byUser.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('webhooks', () => {
  test('a bad signature is refused with 400 and changes nothing', async () => {
    const b = await signedUp(server.url, 'Forger');
    const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true });
    stripe.webhooks.hold = true;
    try {
      await stripe.completeCheckout(sessionIdOf(res.json.clientSecret));
      const held = stripe.webhooks.events.slice(-3);
      for (const e of held) expect(await stripe.webhooks.deliver(e, { secret: 'whsec_not_the_right_one' })).toBe(400);
      const forged = await fetch(`${server.url}/rest/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: held[0].payload,
      });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ code: 'invalid_signature' });
      const stored = await db.query('select count(*)::int as n from stripe_webhook_events where event_id = any($1)', [held.map((e) => e.id)]);
      expect(stored.rows[0].n).toBe(0);
      expect(await sessionUser(b)).toMatchObject({ subscription_status: 'none', subscription_plan: 'free' });
    } finally {
      stripe.webhooks.hold = false;
    }
  });

  test('a signature dated an hour ahead (or behind) is refused with 400 and changes nothing', async () => {
    const b = await signedUp(server.url, 'Timetraveller');
    const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true });
    stripe.webhooks.hold = true;
    try {
      await stripe.completeCheckout(sessionIdOf(res.json.clientSecret));
      const held = stripe.webhooks.events.slice(-3);
      const now = Math.floor(Date.now() / 1000);
      for (const e of held) {
        expect(await stripe.webhooks.deliver(e, { timestamp: now + 3600 })).toBe(400);
        expect(await stripe.webhooks.deliver(e, { timestamp: now - 3600 })).toBe(400);
      }
      const stored = await db.query('select count(*)::int as n from stripe_webhook_events where event_id = any($1)', [held.map((e) => e.id)]);
      expect(stored.rows[0].n).toBe(0);
      expect(await sessionUser(b)).toMatchObject({ subscription_status: 'none', subscription_plan: 'free' });
      for (const e of held) expect(await stripe.webhooks.deliver(e)).toBe(200);
      // The plan follows the accepted events off the request (as the checkout test above waits for it).
      await expect.poll(async () => (await sessionUser(b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    } finally {
      stripe.webhooks.hold = false;
    }
  });

  test('each event delivered five times in shuffled order: one effect each, and the state in-order delivery gives', async () => {
    const b = await signedUp(server.url, 'Shuffle');
    const userId = (await sessionUser(b)).id;
    const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'max', tier: 'monthly', embedded: true });
    stripe.webhooks.hold = true;
    const first = stripe.webhooks.events.length;
    let subId: string;
    try {
      subId = (await stripe.completeCheckout(sessionIdOf(res.json.clientSecret))).id;
      await stripe.lifecycle.failPayment(subId);
      await stripe.lifecycle.renew(subId);
    } finally {
      stripe.webhooks.hold = false;
    }
    const events = stripe.webhooks.events.slice(first);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const deliveries = events.flatMap((e) => [e, e, e, e, e]);
    // A fixed shuffle (a seeded Fisher-Yates), so a failure can be replayed.
    let seed = 17;
    for (let i = deliveries.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const j = seed % (i + 1);
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    const statuses = await Promise.all(deliveries.map((e) => stripe.webhooks.deliver(e)));
    expect(statuses.every((s) => s === 200)).toBe(true);

    const ids = events.map((e) => e.id);
    await expect
      .poll(
        async () =>
          (await db.query('select count(*)::int as n from stripe_webhook_events where event_id = any($1) and applied_at is not null', [ids])).rows[0].n,
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(events.length);
    const stored = await db.query('select count(*)::int as n from stripe_webhook_events where event_id = any($1)', [ids]);
    expect(stored.rows[0].n).toBe(events.length);

    // One effect each: one start and one recorded payment failure, whatever the order.
    const types = await eventTypes(userId);
    expect(types.filter((t) => t === 'SubscriptionStarted')).toHaveLength(1);
    expect(types.filter((t) => t === 'SubscriptionPaymentFailed')).toHaveLength(1);
    // The state in-order delivery gives: Stripe's subscription as it is now.
    const now = stripe.state.subscriptions.get(subId)!;
    const sub = (await b.get('/rest/billing/subscription')).json;
    expect(sub).toMatchObject({
      status: 'active',
      plan: 'max',
      interval: 'monthly',
      current_period_end: new Date(now.items.data[0].current_period_end * 1000).toISOString(),
    });
    expect(await sessionUser(b)).toMatchObject({ subscription_plan: 'max', capabilities: { maxModelSelection: true, unlimitedResearch: true } });
  });

  test('a cancellation ends the plan: back to free, status canceled', async () => {
    const b = await signedUp(server.url, 'Leaver');
    const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', embedded: true });
    const sub = await stripe.completeCheckout(sessionIdOf(res.json.clientSecret));
    await expect.poll(async () => (await sessionUser(b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe('pro');
    await stripe.lifecycle.cancelNow(sub.id);
    await expect.poll(async () => (await sessionUser(b)).subscription_status, { timeout: 20_000, interval: 100 }).toBe('canceled');
    expect(await sessionUser(b)).toMatchObject({ subscription_plan: 'free' });
  });
});

describe('store subscriptions recorded by an administrator', () => {
  test('an administrator records an iOS Max subscription; anyone else is refused', async () => {
    const admin = await signedUp(server.url, 'Admin', ADMIN);
    const member = await signedUp(server.url, 'Ios');
    const email = (await sessionUser(member)).email;
    const body = { email, source: 'ios', plan: 'max', interval: 'yearly', status: 'active', current_period_end: '2027-01-01T00:00:00.000Z' };
    const refused = await member.post('/rest/admin/billing/subscription-source', body);
    expect(refused.status).toBe(403);
    const res = await admin.post('/rest/admin/billing/subscription-source', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'active', source: 'ios', plan: 'max', interval: 'yearly' });
    expect(await sessionUser(member)).toMatchObject({ subscription_source: 'ios', subscription_plan: 'max', subscription_status: 'active' });
    // The plan's limits are the configured Max plan's (BILLING_PLANS_FILE), not a fixed table.
    expect((await member.get('/rest/account/pro-perks')).json).toMatchObject({
      plan: 'max',
      perks: [{ title: 'Files for answers', description: 'Index up to 33 files in each file collection (My Files, a Space) and 44 in all.' }],
    });
    const nobody = await admin.post('/rest/admin/billing/subscription-source', { ...body, email: 'nobody@example.com' });
    expect(nobody.json).toMatchObject({ code: 'account_not_found' });
  });

  test('a government email domain marks the profile', async () => {
    const b = await signedUp(server.url, 'Civil', `civil.${Date.now()}@agency.gov.example`);
    expect(await sessionUser(b)).toMatchObject({ isGovernmentRequestOrigin: true });
  });
});
