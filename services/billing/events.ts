// A person's subscription as events, one stream per subscriber (`subscription-<user_id>`): what
// Stripe reported (started, renewed, plan changed, a change scheduled, a payment failed, past due,
// canceled) and what an administrator recorded for the stores Stripe does not see. The read model
// `subscriptions` (projections.ts) is what the product reads; evolve() is what decide() reads.
import type { Interval } from '../shared/plan-catalogue.js';
import type { Plan, SubscriptionSource, SubscriptionStatus } from '../shared/actor.js';
import type { StoredEvent } from '../eventstore/types.js';

export const subscriptionStream = (userId: string) => `subscription-${userId}`;

export type PastDueStatus = 'past_due' | 'invoice_past_due' | 'white_glove_past_due';
export type ScheduledChange = { plan: Plan; interval: Interval; effective_at: string } | null;

/** A subscription's facts as the provider holds them now (what a sync compares the stream with). */
export type SubscriptionFacts = {
  subscription_id: string;
  customer_id: string;
  status: SubscriptionStatus;
  plan: Plan;
  interval: Interval;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_change: ScheduledChange;
};

type At = { user_id: string; at: string };

export type SubscriptionCustomerLinked = { type: 'SubscriptionCustomerLinked'; data: At & { customer_id: string } };
export type SubscriptionStarted = { type: 'SubscriptionStarted'; data: At & SubscriptionFacts & { source: 'stripe' } };
export type SubscriptionRenewed = {
  type: 'SubscriptionRenewed';
  data: At & { subscription_id: string; status: 'active' | 'trialing'; current_period_end: string | null };
};
export type SubscriptionPlanChanged = { type: 'SubscriptionPlanChanged'; data: At & { subscription_id: string; plan: Plan; interval: Interval } };
export type SubscriptionChangeScheduled = {
  type: 'SubscriptionChangeScheduled';
  data: At & { subscription_id: string; cancel_at_period_end: boolean; scheduled_change: ScheduledChange };
};
export type SubscriptionPaymentFailed = { type: 'SubscriptionPaymentFailed'; data: At & { subscription_id: string; invoice_id: string } };
/** Stripe refused a plan change (a declined card, no card, another refusal; `plan` is the plan asked for); nothing changed at Stripe. */
export type SubscriptionUpgradeFailed = {
  type: 'SubscriptionUpgradeFailed';
  data: At & {
    subscription_id: string;
    plan: Plan;
    reason: 'missing_payment_method' | 'payment_failed' | 'provider_error';
    /** The refused Stripe request's idempotency key: a plan-change workflow re-run after a crash records its refusal once. */
    attempt?: string;
  };
};
/** An organisation's seats (its subscription item's quantity) set at Stripe to follow its membership. */
export type SubscriptionSeatsChanged = { type: 'SubscriptionSeatsChanged'; data: At & { subscription_id: string; seats: number; previous: number | null } };
export type SubscriptionPastDue = { type: 'SubscriptionPastDue'; data: At & { subscription_id: string; status: PastDueStatus } };
export type SubscriptionCanceled = { type: 'SubscriptionCanceled'; data: At & { subscription_id: string } };
/** A store, carrier or incentive subscription an administrator recorded (those sources are not integrated). */
export type SubscriptionSourceRecorded = {
  type: 'SubscriptionSourceRecorded';
  data: At & {
    source: Exclude<SubscriptionSource, 'stripe'>;
    plan: Plan;
    interval: Interval | null;
    status: 'active' | 'trialing' | 'past_due' | 'canceled';
    current_period_end: string | null;
    recorded_by: string;
  };
};

export type SubscriptionEvent =
  | SubscriptionCustomerLinked
  | SubscriptionStarted
  | SubscriptionRenewed
  | SubscriptionPlanChanged
  | SubscriptionChangeScheduled
  | SubscriptionPaymentFailed
  | SubscriptionUpgradeFailed
  | SubscriptionSeatsChanged
  | SubscriptionPastDue
  | SubscriptionCanceled
  | SubscriptionSourceRecorded;

export const SUBSCRIPTION_EVENT_TYPES = [
  'SubscriptionCustomerLinked',
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionPlanChanged',
  'SubscriptionChangeScheduled',
  'SubscriptionPaymentFailed',
  'SubscriptionUpgradeFailed',
  'SubscriptionSeatsChanged',
  'SubscriptionPastDue',
  'SubscriptionCanceled',
  'SubscriptionSourceRecorded',
] as const satisfies readonly SubscriptionEvent['type'][];

export type SubscriptionState = {
  customer_id: string | null;
  subscription_id: string | null;
  source: SubscriptionSource;
  status: SubscriptionStatus;
  plan: Plan | null;
  interval: Interval | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_change: ScheduledChange;
  failed_invoices: string[];
  /** Idempotency keys of refused plan changes already recorded. */
  failed_attempts: string[];
  /** Seats recorded for an organisation's subscription (null until a seat change is recorded). */
  seats: number | null;
};

export const NO_SUBSCRIPTION: SubscriptionState = {
  customer_id: null,
  subscription_id: null,
  source: 'stripe',
  status: 'none',
  plan: null,
  interval: null,
  current_period_end: null,
  cancel_at_period_end: false,
  scheduled_change: null,
  failed_invoices: [],
  failed_attempts: [],
  seats: null,
};

export function evolveSubscription(s: SubscriptionState, event: SubscriptionEvent | StoredEvent): SubscriptionState {
  const e = { type: event.type, data: event.data } as SubscriptionEvent;
  switch (e.type) {
    case 'SubscriptionCustomerLinked':
      return { ...s, customer_id: e.data.customer_id };
    case 'SubscriptionStarted': {
      const d = e.data;
      return {
        ...s,
        customer_id: d.customer_id,
        subscription_id: d.subscription_id,
        source: 'stripe',
        status: d.status,
        plan: d.plan,
        interval: d.interval,
        current_period_end: d.current_period_end,
        cancel_at_period_end: d.cancel_at_period_end,
        scheduled_change: d.scheduled_change,
        failed_invoices: [],
        seats: null,
      };
    }
    case 'SubscriptionRenewed':
      return { ...s, status: e.data.status, current_period_end: e.data.current_period_end ?? s.current_period_end };
    case 'SubscriptionPlanChanged':
      return { ...s, plan: e.data.plan, interval: e.data.interval };
    case 'SubscriptionChangeScheduled':
      return { ...s, cancel_at_period_end: e.data.cancel_at_period_end, scheduled_change: e.data.scheduled_change };
    case 'SubscriptionPaymentFailed':
      return { ...s, failed_invoices: [...s.failed_invoices, e.data.invoice_id] };
    case 'SubscriptionUpgradeFailed':
      return e.data.attempt ? { ...s, failed_attempts: [...s.failed_attempts, e.data.attempt] } : s;
    case 'SubscriptionSeatsChanged':
      return { ...s, seats: e.data.seats };
    case 'SubscriptionPastDue':
      return { ...s, status: e.data.status };
    case 'SubscriptionCanceled':
      return { ...s, status: 'canceled', cancel_at_period_end: false, scheduled_change: null };
    case 'SubscriptionSourceRecorded': {
      const d = e.data;
      return {
        ...s,
        subscription_id: null,
        source: d.source,
        status: d.status,
        plan: d.plan,
        interval: d.interval,
        current_period_end: d.current_period_end,
        cancel_at_period_end: false,
        scheduled_change: null,
        failed_invoices: [],
        seats: null,
      };
    }
    default:
      return s;
  }
}
