// A Stripe event survives a hard crash while it is applied: the server stores the webhook in its
// inbox and is killed with SIGKILL while the inbox drain reads the subscription from Stripe.
// Restarted on the same database, the drain claims the event again (the dead connection's row
// locks are gone) and the subscription starts once; Stripe's redelivery changes nothing more.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../tests/fakes/stripe/index.js';
import { createTestDatabase } from '../tests/support/database.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let stripe: StripeFake;
let restarted: ServerProcess | undefined;
beforeAll(async () => {
  database = await createTestDatabase('crash_stripe');
  stripe = await startStripeFake();
  stripe.seedPrice({ id: 'price_pro_monthly', unit_amount: 2000, currency: 'usd', interval: 'month' });
});
afterAll(async () => {
  await restarted?.stop();
  await stripe?.close();
  await database?.drop();
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

test('a SIGKILL while an event is applied: after a restart the subscription starts, exactly once', { timeout: 120_000 }, async () => {
  const env = stripe.env();
  const first = await startServerProcess({ databaseUrl: database.url, env });
  stripe.webhooks.target = `${first.url}/rest/stripe/webhook`;
  const b = await signedUp(first.url, 'Crash Buyer');
  const userId = (await b.get('/rest/session')).json.user.id as string;
  const checkout = await b.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true });
  expect(checkout.status, checkout.text).toBe(200);
  stripe.webhooks.hold = true;
  await stripe.completeCheckout(checkout.json.clientSecret.split('_secret_')[0]);
  const completed = stripe.webhooks.events.find((e) => e.type === 'checkout.session.completed')!;

  const release = stripe.holdSubscriptionReads();
  const readsBefore = stripe.state.requests.length;
  expect(await stripe.webhooks.deliver(completed)).toBe(200);
  // The drain is applying the event, waiting for Stripe's answer: kill the server now.
  await expect
    .poll(() => stripe.state.requests.slice(readsBefore).some((r) => r.method === 'GET' && r.path.startsWith('/v1/subscriptions/')), { timeout: 20_000 })
    .toBe(true);
  await first.stop('SIGKILL');
  release();
  expect(await rows('select status from subscriptions where user_id = $1', [userId])).not.toContainEqual({ status: 'active' });
  const appliedAt = async () =>
    (await rows<{ applied_at: Date | null }>('select applied_at from stripe_webhook_events where event_id = $1', [completed.id]))[0];
  expect(await appliedAt()).toEqual({ applied_at: null });

  restarted = await startServerProcess({ databaseUrl: database.url, env });
  stripe.webhooks.target = `${restarted.url}/rest/stripe/webhook`;
  await expect.poll(async () => (await appliedAt())?.applied_at instanceof Date, { timeout: 60_000, interval: 250 }).toBe(true);
  expect(await rows('select status, plan from subscriptions where user_id = $1', [userId])).toEqual([{ status: 'active', plan: 'pro' }]);

  // Stripe redelivers (it never got the first 200 in time, say): nothing more happens.
  expect(await stripe.webhooks.deliver(completed)).toBe(200);
  for (const e of stripe.webhooks.events) expect(await stripe.webhooks.deliver(e)).toBe(200);
  await expect
    .poll(async () => (await rows<{ n: number }>('select count(*)::int as n from stripe_webhook_events where applied_at is null')).at(0)?.n, {
      timeout: 30_000,
    })
    .toBe(0);
  const types = (await rows<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`subscription-${userId}`])).map(
    (r) => r.type,
  );
  expect(types.filter((t) => t === 'SubscriptionStarted')).toHaveLength(1);
});
