// A plan change survives a hard crash: the server asks Stripe to move a Pro subscription to Max,
// Stripe makes the change and charges the card, and the server is killed with SIGKILL before it
// hears the answer. Restarted on the same database, the workflow resumes: it sends the same
// request under the same idempotency key, Stripe answers the first result, and the change is
// recorded once. One charge, one subscription update at Stripe, Max on the person's session.
// The same for Max to Pro: killed while Stripe's schedule update is answered, one schedule.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../tests/fakes/stripe/index.js';
import { killHard, waitUntilFinished, workflowStatus } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import type { Browser } from '../tests/support/http.js';
import { freePort } from '../tests/support/ports.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let stripe: StripeFake;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  database = await createTestDatabase('crash_plan_change');
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
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

/** The server on a fixed port, so the person's cookie-keeping client reaches the restarted one too. */
async function serve(port: number) {
  const server = await startServerProcess({ databaseUrl: database.url, env: stripe.env(), port });
  servers.push(server);
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
  return server;
}

const sessionPlan = async (b: Browser) => (await b.get('/rest/session')).json.user.subscription_plan as string;

async function subscriber(server: ServerProcess, plan: 'pro' | 'max') {
  const b = await signedUp(server.url, `Crash ${plan}`);
  const userId = (await b.get('/rest/session')).json.user.id as string;
  const res = await b.post('/rest/stripe/checkout-session', { subscriptionTier: plan, tier: 'monthly', embedded: true });
  expect(res.status, res.text).toBe(200);
  const sub = await stripe.completeCheckout(res.json.clientSecret.split('_secret_')[0]);
  await expect.poll(() => sessionPlan(b), { timeout: 20_000, interval: 100 }).toBe(plan);
  return { b, userId, subId: sub.id };
}

const planChangeWorkflows = (kind: string, subId: string) =>
  rows<{ workflow_uuid: string; status: string }>('select workflow_uuid, status from dbos.workflow_status where workflow_uuid like $1', [
    `plan-change-${kind}-${subId}-v%`,
  ]);
const streamTypes = async (userId: string) =>
  (await rows<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`subscription-${userId}`])).map((r) => r.type);

/** Kills the server while Stripe holds its answer to `path`, restarts it, and waits for the plan change's workflow to finish. */
async function crashDuring(
  server: ServerProcess,
  port: number,
  kind: 'upgrade' | 'downgrade',
  subId: string,
  b: Browser,
  pathPrefix: string,
  done: () => boolean,
) {
  // Webhooks are kept back: the restarted workflow, not a webhook, must record the change.
  stripe.webhooks.hold = true;
  const release = stripe.holdResponses('POST', pathPrefix);
  const asked = b.post(`/rest/stripe/${kind}`).catch((err: unknown) => err);
  await expect.poll(done, { timeout: 20_000, interval: 50 }).toBe(true);
  const [workflow] = await planChangeWorkflows(kind, subId);
  expect(workflow).toMatchObject({ status: 'PENDING' });
  const atCrash = (await workflowStatus(database.url, workflow.workflow_uuid))!;
  await killHard(server);
  release();
  // The person's request died with the server (its connection was cut).
  expect(await asked).toBeInstanceOf(Error);
  const restarted = await serve(port);
  const status = await waitUntilFinished(database.url, workflow.workflow_uuid, 60_000);
  expect(status.status, status.error ?? '').toBe('SUCCESS');
  // Recovered by the restarted server, not started anew.
  expect(status.recoveryAttempts).toBeGreaterThan(atCrash.recoveryAttempts);
  stripe.webhooks.hold = false;
  return restarted;
}

test('killed while Stripe answers an upgrade: after a restart the change completes once, one charge, Max on the session', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const first = await serve(port);
  const { b, userId, subId } = await subscriber(first, 'pro');
  const chargesBefore = stripe.state.charges.filter((c) => c.subscription === subId).length;
  const updates = () => stripe.state.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);

  await crashDuring(first, port, 'upgrade', subId, b, `/v1/subscriptions/${subId}`, () =>
    stripe.state.charges.some((c) => c.subscription === subId && c.amount > 0 && stripe.state.charges.indexOf(c) >= chargesBefore),
  );

  // Stripe was asked twice with one key (the second answered from its idempotency record): one change, one charge.
  const sent = updates();
  expect(sent).toHaveLength(2);
  expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(1);
  expect(sent[0].idempotencyKey).toMatch(new RegExp(`^upgrade-${subId}-v\\d+-price_max_monthly$`));
  expect(stripe.state.charges.filter((c) => c.subscription === subId)).toHaveLength(chargesBefore + 1);
  expect(stripe.state.subscriptions.get(subId)!.items.data[0].price.id).toBe('price_max_monthly');
  expect(await rows('select plan, status from subscriptions where user_id = $1', [userId])).toEqual([{ plan: 'max', status: 'active' }]);
  expect(await sessionPlan(b)).toBe('max');

  // Stripe's held webhooks now arrive: nothing more is recorded; asking again is refused (Max already).
  for (const e of stripe.webhooks.events) await stripe.webhooks.deliver(e);
  await expect
    .poll(async () => (await rows<{ n: number }>('select count(*)::int as n from stripe_webhook_events where applied_at is null'))[0].n, { timeout: 30_000 })
    .toBe(0);
  expect((await streamTypes(userId)).filter((t) => t === 'SubscriptionPlanChanged')).toHaveLength(1);
  expect((await b.post('/rest/stripe/upgrade')).json).toMatchObject({ code: 'upgrade_not_available' });
  expect(stripe.state.charges.filter((c) => c.subscription === subId)).toHaveLength(chargesBefore + 1);
});

test('killed while Stripe answers a downgrade: after a restart one schedule moves Max to Pro at the period end', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const first = await serve(port);
  const { b, userId, subId } = await subscriber(first, 'max');
  const periodEnd = stripe.state.subscriptions.get(subId)!.items.data[0].current_period_end;
  const chargesBefore = stripe.state.charges.filter((c) => c.subscription === subId).length;
  const schedulesOf = () => [...stripe.state.schedules.values()].filter((s) => s.subscription === subId);

  // Held at the schedule's phases update: the schedule exists, its phases are set, the answer never arrives.
  await crashDuring(first, port, 'downgrade', subId, b, '/v1/subscription_schedules/sub_sched', () => schedulesOf().some((s) => s.phases.length === 2));

  expect(schedulesOf()).toHaveLength(1);
  expect(schedulesOf()[0].phases.map((p) => p.items[0].price)).toEqual(['price_max_monthly', 'price_pro_monthly']);
  const keys = stripe.state.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscription_schedules')).map((r) => r.idempotencyKey);
  expect(keys.every((k) => k?.startsWith(`downgrade-${subId}-v`))).toBe(true);
  expect(stripe.state.charges.filter((c) => c.subscription === subId)).toHaveLength(chargesBefore);
  const view = (await b.get('/rest/billing/subscription')).json;
  expect(view).toMatchObject({ plan: 'max', scheduled_change: { plan: 'pro', effective_at: new Date(periodEnd * 1000).toISOString() } });
  expect(await sessionPlan(b)).toBe('max');
  expect((await streamTypes(userId)).filter((t) => t === 'SubscriptionChangeScheduled')).toHaveLength(1);
});
