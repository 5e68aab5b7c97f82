// The `subscriptions` read model: one row per subscriber, the whole product's answer to "what
// plan is this person on". Upserts, so a rebuild replays onto an empty table the same way.
import type { Projection, Trx } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from './events.js';
import { own } from './tables.js';

type Row = Parameters<ReturnType<Trx['insertInto']>['values']>[0];

async function upsert(trx: Trx, userId: string, at: string, set: Record<string, unknown>) {
  await own(trx)
    .insertInto('subscriptions')
    .values({ user_id: userId, updated_at: at, ...set } as Row as never)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: at, ...set } as never))
    .execute();
}

export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  tables: ['subscriptions'],
  handles: [...SUBSCRIPTION_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('subscriptions')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as SubscriptionEvent;
    const d = e.data;
    switch (e.type) {
      case 'SubscriptionCustomerLinked':
        return upsert(trx, d.user_id, d.at, { customer_id: e.data.customer_id });
      case 'SubscriptionStarted': {
        const s = e.data;
        return upsert(trx, s.user_id, s.at, {
          customer_id: s.customer_id,
          subscription_id: s.subscription_id,
          source: 'stripe',
          status: s.status,
          plan: s.plan,
          interval: s.interval,
          current_period_end: s.current_period_end,
          cancel_at_period_end: s.cancel_at_period_end,
          ...scheduled(s.scheduled_change),
          seats: null,
        });
      }
      case 'SubscriptionRenewed':
        return upsert(trx, d.user_id, d.at, {
          status: e.data.status,
          ...(e.data.current_period_end ? { current_period_end: e.data.current_period_end } : {}),
        });
      case 'SubscriptionPlanChanged':
        return upsert(trx, d.user_id, d.at, { plan: e.data.plan, interval: e.data.interval });
      case 'SubscriptionChangeScheduled':
        return upsert(trx, d.user_id, d.at, { cancel_at_period_end: e.data.cancel_at_period_end, ...scheduled(e.data.scheduled_change) });
      case 'SubscriptionSeatsChanged':
        return upsert(trx, d.user_id, d.at, { seats: e.data.seats });
      case 'SubscriptionPaymentFailed':
      case 'SubscriptionUpgradeFailed':
        return upsert(trx, d.user_id, d.at, {});
      case 'SubscriptionPastDue':
        return upsert(trx, d.user_id, d.at, { status: e.data.status });
      case 'SubscriptionCanceled':
        return upsert(trx, d.user_id, d.at, { status: 'canceled', cancel_at_period_end: false, ...scheduled(null) });
      case 'SubscriptionSourceRecorded': {
        const s = e.data;
        return upsert(trx, s.user_id, s.at, {
          subscription_id: null,
          source: s.source,
          status: s.status,
          plan: s.plan,
          interval: s.interval,
          current_period_end: s.current_period_end,
          cancel_at_period_end: false,
          ...scheduled(null),
          seats: null,
        });
      }
    }
  },
};

const scheduled = (c: { plan: string; interval: string; effective_at: string } | null) => ({
  scheduled_plan: c?.plan ?? null,
  scheduled_interval: c?.interval ?? null,
  scheduled_effective_at: c?.effective_at ?? null,
});
