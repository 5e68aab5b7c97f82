// Plan changes against the Stripe fake on real PostgreSQL: Pro to Max with the quote from Stripe's
// invoice preview (prorated, tax on top), a missing card and a declined card refused with the
// seed's codes and texts and nothing changed, the upgrade charged once even when asked twice at
// once; Max to Pro at the next billing start through a subscription schedule, kept pending, dropped
// ('Keep Max'), scheduled again and taking effect at the renewal; store and carrier subscriptions
// refused in the seed's order of concern; the authorization rows (anonymous 401, free 409).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ADMIN = `plans.admin.${Date.now()}@admin.example`;
const DAY = 86_400;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
let db: pg.Client;

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  database = await createTestDatabase('plan_changes');
  server = await startServerProcess({ databaseUrl: database.url, env: { ...stripe.env(), ADMIN_EMAILS: ADMIN } });
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

/** A person who paid for a plan by card through checkout; their Stripe subscription id. */
async function subscriber(name: string, plan: 'pro' | 'max', tier: 'monthly' | 'yearly' = 'monthly') {
  const b = await signedUp(server.url, name);
  const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: plan, tier, embedded: true });
  expect(res.status, res.text).toBe(200);
  const sub = await stripe.completeCheckout(res.json.clientSecret.split('_secret_')[0]);
  await expect.poll(async () => (await sessionUser(b)).subscription_plan, { timeout: 20_000, interval: 100 }).toBe(plan);
  return { b, subId: sub.id, userId: (await sessionUser(b)).id as string };
}

const chargesOf = (subId: string) => stripe.state.charges.filter((c) => c.subscription === subId);

describe('Pro to Max', () => {
  test("the quote is Stripe's invoice preview: half a month left, the unused Pro credited, tax on top", async () => {
    const { b, subId } = await subscriber('Quinn Quote', 'pro');
    stripe.state.now = stripe.state.subscriptions.get(subId)!.items.data[0].current_period_start + 15 * DAY;
    stripe.state.taxPercent = 10;
    try {
      const quote = await b.get('/rest/stripe/upgrade/quote');
      expect(quote.status, quote.text).toBe(200);
      // Unused Pro: -$10.00; the rest of the month on Max: $100.00; subtotal $90.00, tax $9.00.
      expect(quote.json).toEqual({
        old_product_price: 2000,
        old_product_interval: 'monthly',
        new_product_price: 20000,
        new_product_interval: 'monthly',
        payment_method: { brand: 'visa', last4: '4242' },
        adjustment_price: 9000 - 20000,
        subtotal_price: 9000,
        tax_price: 900,
        total_due_today_price: 9900,
        currency: 'usd',
        payment_failed: false,
      });
      expect(stripe.state.requests.some((r) => r.path === '/v1/invoices/create_preview')).toBe(true);
      // A preview charges nothing and changes nothing.
      expect(chargesOf(subId)).toHaveLength(1);
      expect(stripe.state.subscriptions.get(subId)!.items.data[0].price.id).toBe('price_pro_monthly');
    } finally {
      stripe.state.taxPercent = 0;
    }
  });

  test('no card: missing_payment_method; a declined card: stripe_upgrade_payment_error; another refusal: the generic text; nothing changes, and once the card is fixed the upgrade goes through', async () => {
    const { b, subId, userId } = await subscriber('Nina Nocard', 'pro');
    stripe.lifecycle.setCard(subId, null);
    expect((await b.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ payment_method: null });
    const missing = await b.post('/rest/stripe/upgrade');
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ code: 'missing_payment_method', detail: 'Please add a payment method to upgrade to Max.' });

    stripe.lifecycle.setCard(subId, '0341');
    const declined = await b.post('/rest/stripe/upgrade');
    expect(declined.status).toBe(422);
    expect(declined.json).toMatchObject({ code: 'stripe_upgrade_payment_error', detail: 'Payment failed. Please update payment to continue.' });
    expect(stripe.state.subscriptions.get(subId)!.items.data[0].price.id).toBe('price_pro_monthly');
    expect(chargesOf(subId)).toHaveLength(1);
    expect((await sessionUser(b)).subscription_plan).toBe('pro');
    expect(await eventTypes(userId)).not.toContain('SubscriptionPlanChanged');

    // Stripe refusing for any other reason: the generic text, and still nothing changed.
    stripe.lifecycle.setCard(subId, '4242');
    stripe.refuseNext('POST', `/v1/subscriptions/${subId}`);
    const refused = await b.post('/rest/stripe/upgrade');
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json).toMatchObject({ code: 'stripe_upgrade_error', detail: 'Something went wrong. Please continue to Stripe and complete your payment.' });
    expect(stripe.state.subscriptions.get(subId)!.items.data[0].price.id).toBe('price_pro_monthly');

    // Each refusal was recorded, so trying again (card fixed) is a new request to Stripe, not the refusal replayed.
    expect((await eventTypes(userId)).filter((t) => t === 'SubscriptionUpgradeFailed')).toHaveLength(2);
    const again = await b.post('/rest/stripe/upgrade');
    expect(again.status, again.text).toBe(200);
    expect(again.json).toMatchObject({ plan: 'max' });
    expect(chargesOf(subId)).toHaveLength(2);
  });

  test('confirmed twice at once: Max at once on the session, charged once, one plan change recorded; webhooks add nothing', async () => {
    const { b, subId, userId } = await subscriber('Max Million', 'pro');
    const [first, second] = await Promise.all([b.post('/rest/stripe/upgrade'), b.post('/rest/stripe/upgrade')]);
    const ok = [first, second].filter((r) => r.status === 200);
    expect(ok.length, `${first.text} ${second.text}`).toBeGreaterThanOrEqual(1);
    // The other finds the first result (the same idempotency key) or the change already made.
    for (const r of [first, second]) if (r.status !== 200) expect(r.json).toMatchObject({ code: 'upgrade_not_available' });
    expect(ok[0].json).toMatchObject({ plan: 'max', status: 'active', interval: 'monthly' });
    expect(await sessionUser(b)).toMatchObject({ subscription_plan: 'max', capabilities: { maxModelSelection: true, unlimitedResearch: true } });
    const upgrades = stripe.state.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);
    expect(upgrades.every((r) => r.idempotencyKey?.startsWith(`upgrade-${subId}-v`))).toBe(true);
    expect(chargesOf(subId)).toHaveLength(2);
    await expect
      .poll(async () => (await db.query('select count(*)::int n from stripe_webhook_events where applied_at is null')).rows[0].n, { timeout: 20_000 })
      .toBe(0);
    expect((await eventTypes(userId)).filter((t) => t === 'SubscriptionPlanChanged')).toHaveLength(1);
    // Max already: a further upgrade is refused.
    expect((await b.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ code: 'upgrade_not_available' });
  });

  test('a past-due subscription: the quote says the payment failed', async () => {
    const { b, subId } = await subscriber('Pat Pastdue', 'pro');
    await stripe.lifecycle.failPayment(subId);
    await expect.poll(async () => (await b.get('/rest/billing/subscription')).json.status, { timeout: 20_000 }).toBe('past_due');
    expect((await b.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ payment_failed: true });
  });
});

describe('Max to Pro at the next billing start', () => {
  test('scheduled through a subscription schedule, kept pending, dropped, scheduled again, and in force after the renewal', async () => {
    const { b, subId, userId } = await subscriber('Dora Down', 'max', 'yearly');
    const periodEnd = stripe.state.subscriptions.get(subId)!.items.data[0].current_period_end;
    const quote = await b.get('/rest/stripe/downgrade/quote');
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json).toEqual({
      old_product_price: 200000,
      new_product_price: 20000,
      old_product_interval: 'yearly',
      new_product_interval: 'yearly',
      next_billing_start_ts: periodEnd,
      price_minor_units: 20000,
      currency: 'usd',
    });

    const scheduled = await b.post('/rest/stripe/downgrade');
    expect(scheduled.status, scheduled.text).toBe(200);
    const effective_at = new Date(periodEnd * 1000).toISOString();
    expect(scheduled.json).toMatchObject({ plan: 'max', scheduled_change: { plan: 'pro', interval: 'yearly', effective_at } });
    const schedule = stripe.state.schedules.get(stripe.state.subscriptions.get(subId)!.schedule!)!;
    expect(schedule.phases.map((p) => p.items[0].price)).toEqual(['price_max_yearly', 'price_pro_yearly']);
    expect(schedule.phases[1].start_date).toBe(periodEnd);
    // Still Max until then; asking again changes nothing.
    expect((await sessionUser(b)).subscription_plan).toBe('max');
    expect((await b.post('/rest/stripe/downgrade')).json).toMatchObject({ scheduled_change: { plan: 'pro' } });
    expect(stripe.state.schedules.size).toBe(1);

    const kept = await b.send('DELETE', '/rest/stripe/downgrade');
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json).toMatchObject({ plan: 'max', scheduled_change: null });
    expect(schedule.status).toBe('released');
    expect((await b.send('DELETE', '/rest/stripe/downgrade')).json).toMatchObject({ code: 'no_scheduled_change' });

    expect((await b.post('/rest/stripe/downgrade')).json).toMatchObject({ scheduled_change: { plan: 'pro', effective_at } });
    await stripe.lifecycle.renew(subId);
    await expect.poll(async () => (await sessionUser(b)).subscription_plan, { timeout: 20_000 }).toBe('pro');
    expect((await b.get('/rest/billing/subscription')).json).toMatchObject({ plan: 'pro', interval: 'yearly', scheduled_change: null });
    // The renewal charged Pro's price, not Max's; downgrades charge nothing when scheduled.
    expect(chargesOf(subId).map((c) => c.amount)).toEqual([200000, 20000]);
    const types = await eventTypes(userId);
    expect(types.filter((t) => t === 'SubscriptionChangeScheduled').length).toBeGreaterThanOrEqual(3);
    expect(types.at(-1)).not.toBe('SubscriptionChangeScheduled');
    expect(types).toContain('SubscriptionPlanChanged');
  });
});

describe('who may change plans', () => {
  test("store and carrier subscriptions are refused in the seed's order, with their texts; free people have nothing to change", async () => {
    const admin = await signedUp(server.url, 'Admin', ADMIN);
    const record = async (source: string, plan: string) => {
      const b = await signedUp(server.url, `Store ${source}`);
      const email = (await sessionUser(b)).email;
      const res = await admin.post('/rest/admin/billing/subscription-source', { email, source, plan, interval: 'monthly', status: 'active' });
      expect(res.status, res.text).toBe(200);
      return b;
    };
    const android = await record('android', 'pro');
    expect((await android.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ code: 'subscription_from_google_play' });
    const ios = await record('ios', 'max');
    expect((await ios.post('/rest/stripe/downgrade')).json).toMatchObject({ code: 'subscription_from_app_store' });
    const carrier = await record('softbank', 'pro');
    const refused = await carrier.post('/rest/stripe/upgrade');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'carrier_billing_max_unsupported', detail: 'Max subscriptions are not supported by carrier billing.' });
    const incentive = await record('incentive', 'pro');
    expect((await incentive.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ code: 'plan_change_unsupported' });

    const free = await signedUp(server.url, 'Freya Free');
    expect((await free.get('/rest/stripe/upgrade/quote')).json).toMatchObject({ code: 'upgrade_not_available' });
    expect((await free.get('/rest/stripe/downgrade/quote')).json).toMatchObject({ code: 'downgrade_not_available' });
    expect((await free.send('DELETE', '/rest/stripe/downgrade')).status).toBe(404);
  });

  test.each([
    ['GET', '/rest/stripe/upgrade/quote'],
    ['POST', '/rest/stripe/upgrade'],
    ['GET', '/rest/stripe/downgrade/quote'],
    ['POST', '/rest/stripe/downgrade'],
    ['DELETE', '/rest/stripe/downgrade'],
  ])('anonymous: %s %s is 401', async (method, path) => {
    const v = await visitor(server.url);
    const res = await v.send(method, path);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'unauthenticated' });
  });
});
