// Webhooks arrive late, twice, out of order; each sync reads Stripe's subscription as it is at
// that moment. Whatever syncs ran before, a sync of the current facts ends in the state a single
// sync of them gives from nothing, and running it again records nothing.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { decideSubscription } from './decide.js';
import { evolveSubscription, NO_SUBSCRIPTION, type SubscriptionFacts, type SubscriptionState } from './events.js';

const ctx = { user_id: 'ada', now: new Date('2026-03-01T00:00:00Z') };
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

const factsArb: fc.Arbitrary<SubscriptionFacts> = fc.record({
  subscription_id: fc.constant('sub_1'),
  customer_id: fc.constant('cus_1'),
  status: fc.constantFrom('active', 'trialing', 'past_due', 'invoice_past_due', 'none'),
  plan: fc.constantFrom('pro', 'max'),
  interval: fc.constantFrom('monthly', 'yearly'),
  current_period_end: fc.integer({ min: 0, max: 365 }).map(day),
  cancel_at_period_end: fc.boolean(),
  scheduled_change: fc.constant(null),
});

const run = (state: SubscriptionState, facts: SubscriptionFacts) =>
  decideSubscription(state, { type: 'Sync', facts }, ctx).reduce((s, e) => evolveSubscription(s, e), state);

/** What the product reads of the state. */
const view = (s: SubscriptionState) => ({ status: s.status, plan: s.plan, interval: s.interval, cancel: s.cancel_at_period_end, id: s.subscription_id });

test('earlier syncs in any order, then the current facts: the same view as the current facts alone, and idempotent', () => {
  fc.assert(
    fc.property(fc.array(factsArb, { maxLength: 12 }), factsArb, (earlier, current) => {
      // Stripe's period end never goes back: the current facts hold the latest one.
      const latest = [...earlier.map((f) => f.current_period_end!), current.current_period_end!].sort().at(-1)!;
      const now = { ...current, current_period_end: latest };
      const before = earlier.reduce(run, NO_SUBSCRIPTION);
      const after = run(before, now);
      const alone = run(NO_SUBSCRIPTION, now);
      // A subscription never live stays none either way.
      if (alone.status !== 'none') expect(view(after)).toEqual(view(alone));
      expect(decideSubscription(after, { type: 'Sync', facts: now }, ctx)).toEqual([]);
    }),
  );
});
