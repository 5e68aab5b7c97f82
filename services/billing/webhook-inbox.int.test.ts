// The webhook inbox drained on real PostgreSQL, against a provider port that answers from a map:
// events of one customer are applied together with one read per subscription, a group that fails
// waits and is tried again without holding back the others, and two drains at once apply each
// event once.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { createLogger } from '../app/logger.js';
import { defaultCatalogue } from '../shared/plan-catalogue.js';
import type { BillingDeps } from './context.js';
import type { BillingProvider, ProviderEventSummary, ProviderSubscription } from './provider.js';
import { storeWebhookEvent } from './use-cases.js';
import { drainWebhookBatch, retryDelaySeconds } from './webhook-inbox.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(10));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());
beforeEach(async () => {
  await allTables(db).deleteFrom('stripe_webhook_events').execute();
});

/** A provider whose subscriptions are a map; it counts reads and fails for the customers told to. */
function mapProvider(subs: Map<string, ProviderSubscription>, failFor = new Set<string>()) {
  const reads: string[] = [];
  const provider = {
    retrieveSubscription: async (id: string) => {
      reads.push(id);
      const sub = subs.get(id) ?? null;
      if (sub && failFor.has(sub.customer_id)) throw new Error('Stripe answered 500');
      return sub;
    },
    listSubscriptions: async (customerId: string) => [...subs.values()].filter((s) => s.customer_id === customerId),
  } as unknown as BillingProvider;
  return { provider, reads };
}

let clock = new Date('2026-11-26T04:00:00Z');
const deps = (provider: BillingProvider): BillingDeps => ({
  db,
  store,
  now: () => clock,
  logger: createLogger('silent'),
  provider,
  rules: { plans: defaultCatalogue(), fallbackPlan: 'free' },
  forgetSessions: () => {},
});

const sub = (i: number): ProviderSubscription => ({
  subscription_id: `sub_${i}`,
  customer_id: `cus_${i}`,
  user_id: `inbox-user-${i}`,
  status: 'active',
  price_id: 'price_pro_monthly',
  current_period_end: '2026-12-26T04:00:00.000Z',
  cancel_at_period_end: false,
  quantity: 1,
  collection_method: 'charge_automatically',
  schedule_id: null,
  scheduled_price_id: null,
  scheduled_at: null,
});
const event = (id: string, s: ProviderSubscription): ProviderEventSummary => ({
  id,
  type: 'customer.subscription.updated',
  created: 1,
  customer_id: s.customer_id,
  subscription_ids: [s.subscription_id],
  user_id: null,
  failed_invoice: null,
});
const pending = async () =>
  (await allTables(db).selectFrom('stripe_webhook_events').select(['event_id', 'attempts']).where('applied_at', 'is', null).orderBy('event_id').execute()).map(
    (r) => [r.event_id, r.attempts],
  );
const planOf = async (userId: string) =>
  (await allTables(db).selectFrom('subscriptions').select('plan').where('user_id', '=', userId).executeTakeFirst())?.plan;

describe('the webhook inbox', () => {
  test("a customer's events are applied together, reading each subscription once", async () => {
    const s = sub(1);
    const { provider, reads } = mapProvider(new Map([[s.subscription_id, s]]));
    for (const id of ['evt_a', 'evt_b', 'evt_c']) await storeWebhookEvent(deps(provider), event(id, s));
    expect(await drainWebhookBatch(deps(provider))).toBe(3);
    expect(reads).toEqual(['sub_1']);
    expect(await pending()).toEqual([]);
    expect(await planOf('inbox-user-1')).toBe('pro');
    expect(await drainWebhookBatch(deps(provider))).toBe(0);
  });

  test('a group that fails waits, longer each time, while the others are applied; then it is applied', async () => {
    const [ok, bad] = [sub(2), sub(3)];
    const failFor = new Set([bad.customer_id]);
    const { provider } = mapProvider(new Map([ok, bad].map((s) => [s.subscription_id, s])), failFor);
    await storeWebhookEvent(deps(provider), event('evt_ok', ok));
    await storeWebhookEvent(deps(provider), event('evt_bad', bad));
    expect(await drainWebhookBatch(deps(provider))).toBe(2);
    expect(await pending()).toEqual([['evt_bad', 1]]);
    expect(await planOf('inbox-user-2')).toBe('pro');
    // Not due yet: nothing is claimed.
    expect(await drainWebhookBatch(deps(provider))).toBe(0);
    clock = new Date(clock.getTime() + retryDelaySeconds(1) * 1000);
    expect(await drainWebhookBatch(deps(provider))).toBe(1);
    expect(await pending()).toEqual([['evt_bad', 2]]);
    failFor.clear();
    clock = new Date(clock.getTime() + retryDelaySeconds(2) * 1000);
    expect(await drainWebhookBatch(deps(provider))).toBe(1);
    expect(await pending()).toEqual([]);
    expect(await planOf('inbox-user-3')).toBe('pro');
  });

  test('two drains at once claim disjoint events: each is applied once', async () => {
    const subs = Array.from({ length: 40 }, (_, i) => sub(100 + i));
    const { provider, reads } = mapProvider(new Map(subs.map((s) => [s.subscription_id, s])));
    for (const s of subs) await storeWebhookEvent(deps(provider), event(`evt_${s.subscription_id}`, s));
    const claimed = await Promise.all([drainWebhookBatch(deps(provider)), drainWebhookBatch(deps(provider))]);
    expect(claimed[0] + claimed[1]).toBe(40);
    expect(reads.toSorted()).toEqual(subs.map((s) => s.subscription_id).toSorted());
    expect(await pending()).toEqual([]);
  });

  test('the wait after a failure doubles and stops at a quarter of an hour', () => {
    expect([1, 2, 3, 10, 11, 50].map(retryDelaySeconds)).toEqual([2, 4, 8, 900, 900, 900]);
  });
});
