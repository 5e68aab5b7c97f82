import { describe, test } from 'vitest';
import { decider } from '../../tests/support/decider.js';
import { decideSubscription } from './decide.js';
import { evolveSubscription, NO_SUBSCRIPTION, type SubscriptionFacts } from './events.js';

const now = new Date('2026-03-01T00:00:00Z');
const ctx = { user_id: 'ada', now };
const at = now.toISOString();
const subscription = decider(evolveSubscription, NO_SUBSCRIPTION);
const facts = (f: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  subscription_id: 'sub_1',
  customer_id: 'cus_1',
  status: 'active',
  plan: 'pro',
  interval: 'monthly',
  current_period_end: '2026-04-01T00:00:00.000Z',
  cancel_at_period_end: false,
  scheduled_change: null,
  ...f,
});
const started = (f: Partial<SubscriptionFacts> = {}) => [{ type: 'SubscriptionStarted', data: { user_id: 'ada', at, source: 'stripe', ...facts(f) } }];
const sync =
  (f: Partial<SubscriptionFacts> = {}) =>
  (s: typeof NO_SUBSCRIPTION) =>
    decideSubscription(s, { type: 'Sync', facts: facts(f) }, ctx);

describe('a sync records the difference between the stream and Stripe now', () => {
  test('a live subscription not held yet starts', () => {
    subscription.given().when(sync()).then(started());
  });
  test('an unfinished or canceled subscription never held starts nothing (a checkout never paid, a late webhook)', () => {
    subscription
      .given()
      .when(sync({ status: 'none' }))
      .then([]);
    subscription
      .given()
      .when(sync({ status: 'canceled' }))
      .then([]);
  });
  test('the same facts twice record nothing', () => {
    subscription.given(started()).when(sync()).then([]);
  });
  test('a later period end is a renewal; a plan or interval change is recorded', () => {
    subscription
      .given(started())
      .when(sync({ current_period_end: '2026-05-01T00:00:00.000Z' }))
      .then([
        {
          type: 'SubscriptionRenewed',
          data: { user_id: 'ada', at, subscription_id: 'sub_1', status: 'active', current_period_end: '2026-05-01T00:00:00.000Z' },
        },
      ]);
    subscription
      .given(started())
      .when(sync({ plan: 'max', interval: 'yearly' }))
      .then([{ type: 'SubscriptionPlanChanged', data: { user_id: 'ada', at, subscription_id: 'sub_1', plan: 'max', interval: 'yearly' } }]);
  });
  test('past due, then paid again, then canceled; canceled stays canceled', () => {
    const pastDue = [{ type: 'SubscriptionPastDue', data: { user_id: 'ada', at, subscription_id: 'sub_1', status: 'past_due' } }];
    subscription
      .given(started())
      .when(sync({ status: 'past_due' }))
      .then(pastDue);
    subscription
      .given(started(), pastDue)
      .when(sync())
      .then([
        {
          type: 'SubscriptionRenewed',
          data: { user_id: 'ada', at, subscription_id: 'sub_1', status: 'active', current_period_end: '2026-04-01T00:00:00.000Z' },
        },
      ]);
    const canceled = [{ type: 'SubscriptionCanceled', data: { user_id: 'ada', at, subscription_id: 'sub_1' } }];
    subscription
      .given(started())
      .when(sync({ status: 'canceled' }))
      .then(canceled);
    subscription.given(started(), canceled).when(sync()).then([]);
  });
  test('cancel at period end is a scheduled change', () => {
    subscription
      .given(started())
      .when(sync({ cancel_at_period_end: true }))
      .then([
        { type: 'SubscriptionChangeScheduled', data: { user_id: 'ada', at, subscription_id: 'sub_1', cancel_at_period_end: true, scheduled_change: null } },
      ]);
  });
  test('a past-due subscription does not replace a paid one; a paid one replaces a canceled one', () => {
    subscription
      .given(started())
      .when(sync({ subscription_id: 'sub_2', status: 'past_due' }))
      .then([]);
    subscription
      .given(started(), [{ type: 'SubscriptionCanceled', data: { user_id: 'ada', at, subscription_id: 'sub_1' } }])
      .when(sync({ subscription_id: 'sub_2', plan: 'max' }))
      .then(started({ subscription_id: 'sub_2', plan: 'max' }));
  });
});

describe('payment failures and recorded sources', () => {
  test('a failed invoice is recorded once, and only for the subscription held', () => {
    const fail =
      (invoice_id: string, subscription_id = 'sub_1') =>
      (s: typeof NO_SUBSCRIPTION) =>
        decideSubscription(s, { type: 'RecordPaymentFailure', subscription_id, invoice_id }, ctx);
    const failed = [{ type: 'SubscriptionPaymentFailed', data: { user_id: 'ada', at, subscription_id: 'sub_1', invoice_id: 'in_1' } }];
    subscription.given(started()).when(fail('in_1')).then(failed);
    subscription.given(started(), failed).when(fail('in_1')).then([]);
    subscription.given(started()).when(fail('in_1', 'sub_other')).then([]);
  });
  test('an administrator records a store subscription; a Stripe subscription canceled later does not undo it', () => {
    const recorded = {
      type: 'SubscriptionSourceRecorded',
      data: { user_id: 'ada', at, source: 'ios', plan: 'max', interval: null, status: 'active', current_period_end: null, recorded_by: 'root' },
    };
    subscription
      .given(started())
      .when((s) =>
        decideSubscription(
          s,
          { type: 'RecordSource', source: 'ios', plan: 'max', interval: null, status: 'active', current_period_end: null, recorded_by: 'root' },
          ctx,
        ),
      )
      .then([recorded]);
    subscription
      .given(started(), [recorded])
      .when(sync({ status: 'canceled' }))
      .then([]);
  });
  test('a refused upgrade is recorded for the subscription held (so a retry is a new Stripe request), never for another', () => {
    const fail = (subscription_id: string) => (s: typeof NO_SUBSCRIPTION) =>
      decideSubscription(s, { type: 'RecordUpgradeFailure', subscription_id, plan: 'max', reason: 'payment_failed' }, ctx);
    subscription
      .given(started())
      .when(fail('sub_1'))
      .then([{ type: 'SubscriptionUpgradeFailed', data: { user_id: 'ada', at, subscription_id: 'sub_1', plan: 'max', reason: 'payment_failed' } }]);
    subscription.given(started()).when(fail('sub_other')).then([]);
  });
  test('a refused request (its idempotency key) is recorded once, however often its workflow re-runs', () => {
    const fail = (s: typeof NO_SUBSCRIPTION) =>
      decideSubscription(
        s,
        { type: 'RecordUpgradeFailure', subscription_id: 'sub_1', plan: 'max', reason: 'payment_failed', attempt: 'upgrade-sub_1-v3' },
        ctx,
      );
    const failed = [
      {
        type: 'SubscriptionUpgradeFailed',
        data: { user_id: 'ada', at, subscription_id: 'sub_1', plan: 'max', reason: 'payment_failed', attempt: 'upgrade-sub_1-v3' },
      },
    ];
    subscription.given(started()).when(fail).then(failed);
    subscription.given(started(), failed).when(fail).then([]);
  });
  test('seats are recorded when they change, for the subscription held only; a new subscription forgets them', () => {
    const seats =
      (n: number, subscription_id = 'sub_1') =>
      (s: typeof NO_SUBSCRIPTION) =>
        decideSubscription(s, { type: 'RecordSeats', subscription_id, seats: n }, ctx);
    const three = [{ type: 'SubscriptionSeatsChanged', data: { user_id: 'ada', at, subscription_id: 'sub_1', seats: 3, previous: null } }];
    subscription.given(started()).when(seats(3)).then(three);
    subscription.given(started(), three).when(seats(3)).then([]);
    subscription
      .given(started(), three)
      .when(seats(2))
      .then([{ type: 'SubscriptionSeatsChanged', data: { user_id: 'ada', at, subscription_id: 'sub_1', seats: 2, previous: 3 } }]);
    subscription.given(started(), three).when(seats(2, 'sub_other')).then([]);
    subscription
      .given(started(), three, started({ subscription_id: 'sub_2' }))
      .when(seats(3, 'sub_2'))
      .then([{ type: 'SubscriptionSeatsChanged', data: { user_id: 'ada', at, subscription_id: 'sub_2', seats: 3, previous: null } }]);
  });
  test('a customer is linked once', () => {
    const link = (s: typeof NO_SUBSCRIPTION) => decideSubscription(s, { type: 'LinkCustomer', customer_id: 'cus_1' }, ctx);
    const linked = [{ type: 'SubscriptionCustomerLinked', data: { user_id: 'ada', at, customer_id: 'cus_1' } }];
    subscription.given().when(link).then(linked);
    subscription.given(linked).when(link).then([]);
  });
});
