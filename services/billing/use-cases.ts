// Subscription changes: each reads the subscriber's stream, decides, and appends with the
// expected version (a racing change retries); then the remembered session users are forgotten,
// so the next request sees the new plan.
import { ConcurrencyError } from '../eventstore/types.js';
import type { Plan } from '../shared/actor.js';
import { planOfPrice } from '../shared/plan-catalogue.js';
import type { BillingDeps } from './context.js';
import { decideSubscription, type SubscriptionCommand } from './decide.js';
import { billingErrors } from './errors.js';
import { evolveSubscription, NO_SUBSCRIPTION, subscriptionStream, type SubscriptionEvent, type SubscriptionFacts } from './events.js';
import type { BillingProvider, ProviderEventSummary, ProviderSubscription } from './provider.js';
import { userOfCustomer } from './queries.js';
import { own } from './tables.js';

const MAX_ATTEMPTS = 10;

export async function changeSubscription(deps: BillingDeps, userId: string, cmd: SubscriptionCommand): Promise<SubscriptionEvent[]> {
  const stream = subscriptionStream(userId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await deps.store.aggregate(stream, NO_SUBSCRIPTION, evolveSubscription);
    const events = decideSubscription(state, cmd, { user_id: userId, now: deps.now() });
    if (events.length === 0) return [];
    try {
      await deps.store.append(stream, version, events);
      deps.forgetSessions();
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export function requireProvider(deps: { provider: BillingProvider | null }): BillingProvider {
  if (!deps.provider) throw billingErrors.notConfigured();
  return deps.provider;
}

/** The provider's subscription in the domain's facts, or null for a price this server does not sell. */
export function factsOf(deps: BillingDeps, sub: ProviderSubscription): SubscriptionFacts | null {
  const sold = sub.price_id ? planOfPrice(deps.rules.plans, sub.price_id) : null;
  if (!sold) return null;
  return {
    subscription_id: sub.subscription_id,
    customer_id: sub.customer_id,
    status: sub.status,
    plan: sold.plan,
    interval: sold.interval,
    current_period_end: sub.current_period_end,
    cancel_at_period_end: sub.cancel_at_period_end,
    scheduled_change: scheduledChangeOf(deps, sub),
  };
}

/** A pending scheduled price change in the domain's words (null for none, or for a price this server does not sell). */
function scheduledChangeOf(deps: BillingDeps, sub: ProviderSubscription): SubscriptionFacts['scheduled_change'] {
  const sold = sub.scheduled_price_id ? planOfPrice(deps.rules.plans, sub.scheduled_price_id) : null;
  return sold && sub.scheduled_at ? { plan: sold.plan, interval: sold.interval, effective_at: sub.scheduled_at } : null;
}

/** Records a subscription's current facts on its subscriber's stream. */
export async function syncSubscription(deps: BillingDeps, sub: ProviderSubscription, userHint: string | null) {
  const userId = sub.user_id ?? userHint ?? (await userOfCustomer(deps.db, sub.customer_id));
  if (!userId) {
    deps.logger.warn({ subscription: sub.subscription_id }, 'a Stripe subscription of no known user: ignored');
    return [];
  }
  const facts = factsOf(deps, sub);
  if (!facts) {
    deps.logger.warn({ subscription: sub.subscription_id, price: sub.price_id }, 'a Stripe subscription to a price no plan sells: ignored');
    return [];
  }
  return changeSubscription(deps, userId, { type: 'Sync', facts });
}

/** Live subscriptions last, so the one in force is what a person ends with. */
const byLiveness = (a: ProviderSubscription, b: ProviderSubscription) => rank(a) - rank(b);
const rank = (s: ProviderSubscription) => (s.status === 'active' || s.status === 'trialing' ? 2 : s.status === 'canceled' || s.status === 'none' ? 0 : 1);

/**
 * Applies received provider events about one customer, together. The events say what they are
 * about; the facts are fetched now, once per subscription however many events name it, so a
 * replay or a late delivery records nothing new and the last delivery leaves the current state.
 * The caller marks them applied (services/billing/webhook-inbox.ts).
 */
export async function applyProviderEvents(deps: BillingDeps, events: readonly ProviderEventSummary[]) {
  const provider = requireProvider(deps);
  const customerId = events.find((e) => e.customer_id)?.customer_id ?? null;
  let userId = events.find((e) => e.user_id)?.user_id ?? (customerId ? await userOfCustomer(deps.db, customerId) : null);
  for (const e of events) if (e.user_id && e.customer_id) await changeSubscription(deps, e.user_id, { type: 'LinkCustomer', customer_id: e.customer_id });
  const subscriptionIds = [...new Set(events.flatMap((e) => e.subscription_ids))];
  const subs: ProviderSubscription[] = [];
  for (const id of subscriptionIds) {
    const sub = await provider.retrieveSubscription(id);
    if (sub) subs.push(sub);
  }
  const aboutCustomerOnly = events.some((e) => e.subscription_ids.length === 0 && e.customer_id);
  if (aboutCustomerOnly && customerId && userId) {
    const known = new Set(subs.map((s) => s.subscription_id));
    subs.push(...(await provider.listSubscriptions(customerId)).filter((s) => !known.has(s.subscription_id)));
  }
  for (const sub of subs.sort(byLiveness)) {
    await syncSubscription(deps, sub, userId);
    userId ??= sub.user_id;
  }
  for (const { failed_invoice } of events) {
    if (!failed_invoice) continue;
    const owner = subs.find((s) => s.subscription_id === failed_invoice.subscription_id)?.user_id ?? userId;
    if (owner) await changeSubscription(deps, owner, { type: 'RecordPaymentFailure', ...failed_invoice });
  }
}

/** Stores a verified webhook once by its event id, with what it is about; true when it was new. */
export async function storeWebhookEvent(deps: Pick<BillingDeps, 'db' | 'now'>, event: ProviderEventSummary) {
  const inserted = await own(deps.db)
    .insertInto('stripe_webhook_events')
    .values({ event_id: event.id, type: event.type, created: event.created, received_at: deps.now(), summary: JSON.stringify(event) })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return !!inserted;
}

/** Reads the person's subscriptions from the provider now (after a checkout) and records what changed. */
export async function refreshFromProvider(deps: BillingDeps, userId: string, customerId: string | null) {
  const provider = requireProvider(deps);
  if (!customerId) return;
  const subs = await provider.listSubscriptions(customerId);
  for (const sub of subs.sort(byLiveness)) await syncSubscription(deps, sub, userId);
}

export type RecordSourceInput = Omit<Extract<SubscriptionCommand, { type: 'RecordSource' }>, 'type' | 'plan'> & { plan: Plan };
