// Plan changes through Stripe (seed 002 §2 and §4). Pro to Max: a quote from Stripe's invoice
// preview, then the subscription item's price changed now, prorated and charged at once. Max to
// Pro: a subscription schedule whose next phase, from the next billing start, is on Pro; the
// pending change can be dropped by releasing the schedule. Each Stripe POST carries an
// idempotency key derived from the subscriber's stream version, so a doubled or retried request
// finds the first result and no one is charged twice. The state then follows from Stripe's
// current subscription, recorded as events (the webhooks record the same and then nothing).
import type { ActorUser } from '../shared/actor.js';
import type { Interval } from '../shared/plan-catalogue.js';
import type { BillingDeps } from './context.js';
import { billingErrors } from './errors.js';
import { evolveSubscription, NO_SUBSCRIPTION, subscriptionStream, type SubscriptionState } from './events.js';
import { downgradeRefusal, paymentFailed, upgradeRefusal } from './plan-change-rules.js';
import { PriceChangeError } from './provider.js';
import { changeSubscription, requireProvider, syncSubscription } from './use-cases.js';

async function current(deps: BillingDeps, userId: string) {
  return deps.store.aggregate(subscriptionStream(userId), NO_SUBSCRIPTION, evolveSubscription);
}

function priceOf(deps: BillingDeps, plan: 'pro' | 'max', interval: Interval) {
  const price = deps.rules.plans[plan].prices[interval];
  if (!price) throw billingErrors.planNotForSale();
  return price;
}

/** The state's subscription id and interval, known present once a refusal check passed. */
const held = (s: SubscriptionState) => ({ subscription_id: s.subscription_id as string, interval: s.interval as Interval });

export async function upgradeQuote(deps: BillingDeps, user: ActorUser) {
  const provider = requireProvider(deps);
  const { state } = await current(deps, user.id);
  const refusal = upgradeRefusal(state);
  if (refusal) throw refusal;
  const { subscription_id, interval } = held(state);
  const from = priceOf(deps, 'pro', interval);
  const to = priceOf(deps, 'max', interval);
  const [preview, paymentMethod] = await Promise.all([
    provider.previewPriceChange({ subscription_id, price_id: to.stripe_price_id }),
    provider.paymentMethodOf(subscription_id),
  ]);
  return {
    old_product_price: from.amount_minor,
    old_product_interval: interval,
    new_product_price: to.amount_minor,
    new_product_interval: interval,
    payment_method: paymentMethod,
    // What the unused Pro time and the shorter first Max period take off the Max price.
    adjustment_price: preview.subtotal - to.amount_minor,
    subtotal_price: preview.subtotal,
    tax_price: preview.tax,
    total_due_today_price: preview.total,
    currency: preview.currency,
    payment_failed: paymentFailed(state),
  };
}

export async function upgradeToMax(deps: BillingDeps, user: ActorUser) {
  const provider = requireProvider(deps);
  const { state, version } = await current(deps, user.id);
  const refusal = upgradeRefusal(state);
  if (refusal) throw refusal;
  const { subscription_id, interval } = held(state);
  const to = priceOf(deps, 'max', interval);
  if (!(await provider.paymentMethodOf(subscription_id))) throw billingErrors.missingPaymentMethod();
  let sub: Awaited<ReturnType<typeof provider.changePriceNow>>;
  try {
    sub = await provider.changePriceNow({
      subscription_id,
      price_id: to.stripe_price_id,
      idempotency_key: `upgrade-${subscription_id}-v${version}-${to.stripe_price_id}`,
    });
  } catch (err) {
    if (!(err instanceof PriceChangeError)) throw err;
    deps.logger.warn({ subscription: subscription_id, reason: err.reason }, 'Stripe refused an upgrade');
    // A refusal is kept by Stripe under its idempotency key: recording it moves the stream on, so a retry (after fixing the card) is a new request.
    await changeSubscription(deps, user.id, { type: 'RecordUpgradeFailure', subscription_id, plan: 'max', reason: err.reason });
    if (err.reason === 'missing_payment_method') throw billingErrors.missingPaymentMethod();
    if (err.reason === 'payment_failed') throw billingErrors.upgradePaymentFailed();
    throw billingErrors.upgradeFailed();
  }
  await syncSubscription(deps, sub, user.id);
}

export async function downgradeQuote(deps: BillingDeps, user: ActorUser) {
  requireProvider(deps);
  const { state } = await current(deps, user.id);
  const refusal = downgradeRefusal(state);
  if (refusal) throw refusal;
  const { interval } = held(state);
  const from = priceOf(deps, 'max', interval);
  const to = priceOf(deps, 'pro', interval);
  const start = state.scheduled_change?.effective_at ?? state.current_period_end;
  return {
    old_product_price: from.amount_minor,
    new_product_price: to.amount_minor,
    old_product_interval: interval,
    new_product_interval: interval,
    next_billing_start_ts: start ? Math.floor(Date.parse(start) / 1000) : null,
    price_minor_units: to.amount_minor,
    currency: to.currency,
  };
}

export async function downgradeToPro(deps: BillingDeps, user: ActorUser) {
  const provider = requireProvider(deps);
  const { state, version } = await current(deps, user.id);
  const refusal = downgradeRefusal(state);
  if (refusal) throw refusal;
  const { subscription_id, interval } = held(state);
  const to = priceOf(deps, 'pro', interval);
  if (state.scheduled_change?.plan === 'pro') return;
  const sub = await provider.schedulePriceChange({
    subscription_id,
    price_id: to.stripe_price_id,
    idempotency_key: `downgrade-${subscription_id}-v${version}`,
  });
  await syncSubscription(deps, sub, user.id);
}

export async function cancelScheduledChange(deps: BillingDeps, user: ActorUser) {
  const provider = requireProvider(deps);
  const { state, version } = await current(deps, user.id);
  if (state.source !== 'stripe' || !state.subscription_id || !state.scheduled_change) throw billingErrors.noScheduledChange();
  const subscription_id = state.subscription_id;
  const sub = await provider.retrieveSubscription(subscription_id);
  if (!sub?.schedule_id) {
    // Already released at Stripe (a webhook not applied yet): record Stripe's facts.
    if (sub) await syncSubscription(deps, sub, user.id);
    return;
  }
  const released = await provider.releaseSchedule({ schedule_id: sub.schedule_id, subscription_id, idempotency_key: `release-${sub.schedule_id}-v${version}` });
  await syncSubscription(deps, released, user.id);
}
