// Plan changes through Stripe (seed 002 §2 and §4). Pro to Max: a quote from Stripe's invoice
// preview, then the subscription item's price changed now, prorated and charged at once. Max to
// Pro: a subscription schedule whose next phase, from the next billing start, is on Pro; the
// pending change can be dropped by releasing the schedule. An upgrade or a downgrade runs as a
// durable workflow (workflows/plan-change.ts: the change at Stripe, then its record), so a server
// killed mid-change completes it once on restart. Each Stripe POST carries an idempotency key
// derived from the subscriber's stream version, so a doubled or retried request finds the first
// result and no one is charged twice. The state then follows from Stripe's current subscription,
// recorded as events (the webhooks record the same and then nothing).
import { requireUser } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import type { Interval } from '../shared/plan-catalogue.js';
import type { BillingDeps } from './context.js';
import { billingErrors } from './errors.js';
import { evolveSubscription, NO_SUBSCRIPTION, subscriptionStream, type SubscriptionState } from './events.js';
import { downgradeRefusal, paymentFailed, upgradeRefusal } from './plan-change-rules.js';
import type { PlanChangeJob, PlanChangeOutcome, PlanChangeRunner } from './plan-change-job.js';
import { PriceChangeError, type PriceChangeFailure } from './provider.js';
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

export async function upgradeQuote(deps: BillingDeps, actor: Actor) {
  const user = await requireUser(actor);
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

export const planChangeWorkflowId = (job: PlanChangeJob) => `plan-change-${job.kind}-${job.subscription_id}-v${job.version}`;

/** The Stripe idempotency key of the job's change (the upgrade's is the one used before the workflow, kept). */
export const planChangeKey = (job: PlanChangeJob) =>
  job.kind === 'upgrade' ? `upgrade-${job.subscription_id}-v${job.version}-${job.price_id}` : `downgrade-${job.subscription_id}-v${job.version}`;

/** Step one: the change at Stripe, under the job's idempotency key; a refusal is an outcome, not an error (the step is done). */
export async function changeAtProvider(deps: BillingDeps, job: PlanChangeJob): Promise<PlanChangeOutcome> {
  const provider = requireProvider(deps);
  const req = { subscription_id: job.subscription_id, price_id: job.price_id, idempotency_key: planChangeKey(job) };
  try {
    const subscription = job.kind === 'upgrade' ? await provider.changePriceNow(req) : await provider.schedulePriceChange(req);
    return { ok: true, subscription };
  } catch (err) {
    if (!(err instanceof PriceChangeError)) throw err;
    deps.logger.warn({ subscription: job.subscription_id, reason: err.reason }, `Stripe refused a plan change (${job.kind})`);
    return { ok: false, reason: err.reason, message: err.message };
  }
}

/**
 * Step two: the outcome on the subscriber's stream. Stripe's subscription is synced (a sync of the
 * same facts records nothing); a refusal is recorded once per request (its key), which moves the
 * stream on, so the next attempt (after fixing the card) is a new request to Stripe.
 */
export async function recordPlanChange(deps: BillingDeps, job: PlanChangeJob, outcome: PlanChangeOutcome) {
  if (outcome.ok) {
    await syncSubscription(deps, outcome.subscription, job.user_id);
    return;
  }
  await changeSubscription(deps, job.user_id, {
    type: 'RecordUpgradeFailure',
    subscription_id: job.subscription_id,
    plan: job.kind === 'upgrade' ? 'max' : 'pro',
    reason: outcome.reason,
    attempt: planChangeKey(job),
  });
}

/** The seed's error for a refused change. */
function refusalError(reason: PriceChangeFailure) {
  if (reason === 'missing_payment_method') return billingErrors.missingPaymentMethod();
  if (reason === 'payment_failed') return billingErrors.upgradePaymentFailed();
  return billingErrors.upgradeFailed();
}

export async function upgradeToMax(deps: BillingDeps, run: PlanChangeRunner, actor: Actor) {
  const user = await requireUser(actor);
  const provider = requireProvider(deps);
  const { state, version } = await current(deps, user.id);
  const refusal = upgradeRefusal(state);
  if (refusal) throw refusal;
  const { subscription_id, interval } = held(state);
  const to = priceOf(deps, 'max', interval);
  if (!(await provider.paymentMethodOf(subscription_id))) throw billingErrors.missingPaymentMethod();
  const outcome = await run({ kind: 'upgrade', user_id: user.id, subscription_id, price_id: to.stripe_price_id, version });
  if (!outcome.ok) throw refusalError(outcome.reason);
}

export async function downgradeQuote(deps: BillingDeps, actor: Actor) {
  const user = await requireUser(actor);
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

export async function downgradeToPro(deps: BillingDeps, run: PlanChangeRunner, actor: Actor) {
  const user = await requireUser(actor);
  requireProvider(deps);
  const { state, version } = await current(deps, user.id);
  const refusal = downgradeRefusal(state);
  if (refusal) throw refusal;
  const { subscription_id, interval } = held(state);
  const to = priceOf(deps, 'pro', interval);
  if (state.scheduled_change?.plan === 'pro') return;
  const outcome = await run({ kind: 'downgrade', user_id: user.id, subscription_id, price_id: to.stripe_price_id, version });
  if (!outcome.ok) throw billingErrors.downgradeFailed();
}

export async function cancelScheduledChange(deps: BillingDeps, actor: Actor) {
  const user = await requireUser(actor);
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
