// Billing over HTTP: plans, the person's subscription, checkout, the portal, Stripe's webhook and
// the administrator's record of a store subscription. Each handler calls one use case.
import type { DomainRoutes } from '../http/handler.js';
import { INTERVALS } from '../shared/plan-catalogue.js';
import { createCheckout, portalLink } from './checkout.js';
import { billingDeps, type BillingContext } from './context.js';
import { billingErrors } from './errors.js';
import { orgBilling, orgCheckout, orgPortal } from './org-billing.js';
import { cancelScheduledChange, downgradeQuote, downgradeToPro, upgradeQuote, upgradeToMax } from './plan-change.js';
import { ownSubscription, recordSubscriptionSource, refreshOwnSubscription } from './own-subscription.js';
import type { SubscriptionView } from './queries.js';
import { requireProvider, storeWebhookEvent } from './use-cases.js';

const toBody = (v: SubscriptionView) => ({
  status: v.subscription_status,
  source: v.subscription_source,
  plan: v.subscription_plan,
  interval: v.interval,
  current_period_end: v.current_period_end,
  cancel_at_period_end: v.cancel_at_period_end,
  scheduled_change: v.scheduled_change,
  capabilities: v.capabilities,
});

export const billingRoutes = {
  async getBillingPlans(_input, ctx) {
    const { plans, fallbackPlan } = ctx.billing.rules;
    const stripe = ctx.config.billing.stripe;
    return {
      status: 200,
      body: {
        configured: !!ctx.billing.provider,
        publishable_key: stripe?.publishableKey ?? null,
        default_plan: fallbackPlan,
        plans: Object.values(plans).map((p) => ({
          id: p.id,
          name: p.name,
          limits: p.limits,
          capabilities: p.capabilities,
          trial_period_days: p.trial_days,
          prices: INTERVALS.flatMap((interval) => {
            const price = p.prices[interval];
            return price ? [{ interval, price_minor_units: price.amount_minor, currency: price.currency }] : [];
          }),
        })),
      },
    };
  },

  async getSubscription({ actor }, ctx) {
    return { status: 200, body: toBody(await ownSubscription(billingDeps(ctx), actor)) };
  },

  async refreshSubscription({ actor }, ctx) {
    return { status: 200, body: toBody(await refreshOwnSubscription(billingDeps(ctx), actor)) };
  },

  async createCheckoutSession({ actor, body }, ctx) {
    return { status: 200, body: await createCheckout(billingDeps(ctx), ctx.config.publicUrl, actor, body, ctx.billing.studentCheckout) };
  },

  async getCustomerPortal({ actor, query }, ctx) {
    return { status: 200, body: { url: await portalLink(billingDeps(ctx), ctx.config.publicUrl, actor, query.locale ?? null) } };
  },

  async receiveStripeWebhook({ rawBody, headers }, ctx) {
    const provider = requireProvider(billingDeps(ctx));
    const signature = headers['stripe-signature'];
    if (!rawBody || typeof signature !== 'string') throw billingErrors.invalidSignature();
    const event = provider.verifyEvent(rawBody, signature);
    // Stored once by its id; the inbox is the durable record, drained in the background.
    await storeWebhookEvent(ctx, event);
    ctx.billing.applyLater();
    return { status: 200, body: { received: true } };
  },

  async getUpgradeQuote({ actor }, ctx) {
    return { status: 200, body: await upgradeQuote(billingDeps(ctx), actor) };
  },

  async upgradeSubscription({ actor }, ctx) {
    await upgradeToMax(billingDeps(ctx), ctx.billing.changePlan, actor);
    return { status: 200, body: toBody(await ownSubscription(billingDeps(ctx), actor)) };
  },

  async getDowngradeQuote({ actor }, ctx) {
    return { status: 200, body: await downgradeQuote(billingDeps(ctx), actor) };
  },

  async scheduleDowngrade({ actor }, ctx) {
    await downgradeToPro(billingDeps(ctx), ctx.billing.changePlan, actor);
    return { status: 200, body: toBody(await ownSubscription(billingDeps(ctx), actor)) };
  },

  async cancelScheduledDowngrade({ actor }, ctx) {
    await cancelScheduledChange(billingDeps(ctx), actor);
    return { status: 200, body: toBody(await ownSubscription(billingDeps(ctx), actor)) };
  },

  async getOrgBilling({ actor, path }, ctx) {
    return { status: 200, body: await orgBilling(billingDeps(ctx), actor, path.org_uuid) };
  },

  async createOrgCheckout({ actor, path, body }, ctx) {
    return { status: 200, body: await orgCheckout(billingDeps(ctx), ctx.config.publicUrl, actor, path.org_uuid, body) };
  },

  async getOrgBillingPortal({ actor, path, query }, ctx) {
    return { status: 200, body: { url: await orgPortal(billingDeps(ctx), ctx.config.publicUrl, actor, path.org_uuid, query.locale ?? null) } };
  },

  async recordSubscriptionSourceAsAdmin({ actor, body }, ctx) {
    const view = await recordSubscriptionSource(billingDeps(ctx), actor, ctx.config.adminEmails, {
      email: body.email,
      source: body.source,
      plan: body.plan,
      interval: body.interval ?? null,
      status: body.status,
      current_period_end: body.current_period_end ?? null,
    });
    return { status: 200, body: toBody(view) };
  },
} satisfies DomainRoutes<BillingContext>;
