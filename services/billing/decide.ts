// The rules of a subscription. A sync compares the stream with the provider's facts as they are
// now and records only the difference, so the same facts twice record nothing, and whatever order
// webhooks arrive in, the last sync (which reads the current facts) leaves the same state.
import type { Plan, SubscriptionStatus } from '../shared/actor.js';
import type { Interval } from '../shared/plan-catalogue.js';
import type {
  PastDueStatus,
  ScheduledChange,
  SubscriptionEvent,
  SubscriptionFacts,
  SubscriptionSourceRecorded,
  SubscriptionState,
  SubscriptionUpgradeFailed,
} from './events.js';

export type SubscriptionCommand =
  | { type: 'LinkCustomer'; customer_id: string }
  | { type: 'Sync'; facts: SubscriptionFacts }
  | { type: 'RecordPaymentFailure'; subscription_id: string; invoice_id: string }
  | { type: 'RecordUpgradeFailure'; subscription_id: string; plan: Plan; reason: SubscriptionUpgradeFailed['data']['reason']; attempt?: string }
  | { type: 'RecordSeats'; subscription_id: string; seats: number }
  | {
      type: 'RecordSource';
      source: SubscriptionSourceRecorded['data']['source'];
      plan: Plan;
      interval: Interval | null;
      status: SubscriptionSourceRecorded['data']['status'];
      current_period_end: string | null;
      recorded_by: string;
    };

const PAST_DUE: readonly SubscriptionStatus[] = ['past_due', 'invoice_past_due', 'white_glove_past_due'];
/** Statuses in which a subscription exists at the provider and is being paid for (or is owed). */
const LIVE: readonly SubscriptionStatus[] = ['active', 'trialing', ...PAST_DUE];

/** Whether a status gives the subscription's plan (past due and canceled fall back to the default plan). */
export const entitles = (status: SubscriptionStatus) => status === 'active' || status === 'trialing';

const sameChange = (a: ScheduledChange, b: ScheduledChange) =>
  a === b || (!!a && !!b && a.plan === b.plan && a.interval === b.interval && a.effective_at === b.effective_at);

export function decideSubscription(state: SubscriptionState, cmd: SubscriptionCommand, ctx: { user_id: string; now: Date }): SubscriptionEvent[] {
  const base = { user_id: ctx.user_id, at: ctx.now.toISOString() };
  switch (cmd.type) {
    case 'LinkCustomer':
      return state.customer_id === cmd.customer_id ? [] : [{ type: 'SubscriptionCustomerLinked', data: { ...base, customer_id: cmd.customer_id } }];
    case 'RecordPaymentFailure':
      if (state.subscription_id !== cmd.subscription_id || state.failed_invoices.includes(cmd.invoice_id)) return [];
      return [{ type: 'SubscriptionPaymentFailed', data: { ...base, subscription_id: cmd.subscription_id, invoice_id: cmd.invoice_id } }];
    case 'RecordUpgradeFailure':
      // Recorded so the next attempt is a new request to Stripe (its idempotency key follows the stream's version).
      if (state.subscription_id !== cmd.subscription_id) return [];
      // The same refused request (a workflow re-run after a crash) is recorded once.
      if (cmd.attempt && state.failed_attempts.includes(cmd.attempt)) return [];
      return [
        {
          type: 'SubscriptionUpgradeFailed',
          data: { ...base, subscription_id: cmd.subscription_id, plan: cmd.plan, reason: cmd.reason, ...(cmd.attempt ? { attempt: cmd.attempt } : {}) },
        },
      ];
    case 'RecordSeats':
      // Only for the subscription held, and only a change.
      if (state.subscription_id !== cmd.subscription_id || state.seats === cmd.seats) return [];
      return [{ type: 'SubscriptionSeatsChanged', data: { ...base, subscription_id: cmd.subscription_id, seats: cmd.seats, previous: state.seats } }];
    case 'RecordSource':
      return [
        {
          type: 'SubscriptionSourceRecorded',
          data: {
            ...base,
            source: cmd.source,
            plan: cmd.plan,
            interval: cmd.interval,
            status: cmd.status,
            current_period_end: cmd.current_period_end,
            recorded_by: cmd.recorded_by,
          },
        },
      ];
    case 'Sync':
      return sync(state, cmd.facts, base);
  }
}

function sync(state: SubscriptionState, f: SubscriptionFacts, base: { user_id: string; at: string }): SubscriptionEvent[] {
  const id = f.subscription_id;
  if (state.subscription_id !== id) {
    // Another subscription than the one held: start it only while it lives. A canceled or
    // unfinished one (a late webhook of an old subscription, a checkout never paid) changes nothing.
    if (!LIVE.includes(f.status)) return [];
    // One that is owed money does not replace one that is paid for.
    if (state.source === 'stripe' && state.subscription_id && entitles(state.status) && !entitles(f.status)) return [];
    return [{ type: 'SubscriptionStarted', data: { ...base, ...f, source: 'stripe' } }];
  }
  // A canceled subscription stays canceled; Stripe never revives one.
  if (state.status === 'canceled') return [];
  if (f.status === 'none') return [];
  const events: SubscriptionEvent[] = [];
  if (state.plan !== f.plan || state.interval !== f.interval)
    events.push({ type: 'SubscriptionPlanChanged', data: { ...base, subscription_id: id, plan: f.plan, interval: f.interval } });
  if (f.status === 'canceled') {
    events.push({ type: 'SubscriptionCanceled', data: { ...base, subscription_id: id } });
    return events;
  }
  if (state.cancel_at_period_end !== f.cancel_at_period_end || !sameChange(state.scheduled_change, f.scheduled_change))
    events.push({
      type: 'SubscriptionChangeScheduled',
      data: { ...base, subscription_id: id, cancel_at_period_end: f.cancel_at_period_end, scheduled_change: f.scheduled_change },
    });
  if (PAST_DUE.includes(f.status)) {
    if (state.status !== f.status) events.push({ type: 'SubscriptionPastDue', data: { ...base, subscription_id: id, status: f.status as PastDueStatus } });
  } else if (entitles(f.status)) {
    const later = (f.current_period_end ?? '') > (state.current_period_end ?? '');
    if (state.status !== f.status || later)
      events.push({
        type: 'SubscriptionRenewed',
        data: { ...base, subscription_id: id, status: f.status as 'active' | 'trialing', current_period_end: f.current_period_end },
      });
  }
  return events;
}
