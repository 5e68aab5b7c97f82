// Billing in the mock API: the mocks have no Stripe, so they answer as a server without
// STRIPE_SECRET_KEY does: the built-in plans with `configured: false`, everyone on the free plan,
// and 503 billing_not_configured for anything that would reach Stripe. Nothing pretends to sell.
import {
  getCancelScheduledDowngradeMockHandler,
  getCreateCheckoutSessionMockHandler,
  getGetBillingPlansMockHandler,
  getGetCustomerPortalMockHandler,
  getGetDowngradeQuoteMockHandler,
  getGetSubscriptionMockHandler,
  getGetUpgradeQuoteMockHandler,
  getScheduleDowngradeMockHandler,
  getUpgradeSubscriptionMockHandler,
  getReceiveStripeWebhookMockHandler,
  getRefreshSubscriptionMockHandler,
} from '../generated/msw/billing/billing.msw';
import {
  getCreateOrgCheckoutMockHandler,
  getGetOrgBillingMockHandler,
  getGetOrgBillingPortalMockHandler,
} from '../generated/msw/organizations/organizations.msw';
import type { BillingPlans, Subscription } from '../generated/react-query/model';
import { billingErrors } from '../services/billing/pure';
import { defaultCatalogue, INTERVALS } from '../services/shared/plan-catalogue';
import { settingsErrors } from '../services/settings/pure';
import { refuse } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

export function billingHandlers(opts: { state: () => ScenarioState }) {
  const plans = defaultCatalogue();
  const signedIn = () => currentUser(opts.state()) ?? refuse(settingsErrors.unauthenticated());
  const off = (): never => refuse(billingErrors.notConfigured());
  const free: Subscription = {
    status: 'none',
    source: 'stripe',
    plan: 'free',
    interval: null,
    current_period_end: null,
    cancel_at_period_end: false,
    scheduled_change: null,
    capabilities: plans.free.capabilities,
  };
  return [
    getGetBillingPlansMockHandler(
      (): BillingPlans => ({
        configured: false,
        publishable_key: null,
        default_plan: 'free',
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
      }),
    ),
    getGetSubscriptionMockHandler(() => {
      signedIn();
      return free;
    }),
    getRefreshSubscriptionMockHandler(() => {
      signedIn();
      return off();
    }),
    getCreateCheckoutSessionMockHandler(() => {
      signedIn();
      return off();
    }),
    getGetCustomerPortalMockHandler(() => {
      signedIn();
      return off();
    }),
    getReceiveStripeWebhookMockHandler(() => off()),
    ...[getGetOrgBillingMockHandler, getCreateOrgCheckoutMockHandler, getGetOrgBillingPortalMockHandler].map((handler) =>
      handler(() => {
        signedIn();
        return off();
      }),
    ),
    ...[
      getGetUpgradeQuoteMockHandler,
      getUpgradeSubscriptionMockHandler,
      getGetDowngradeQuoteMockHandler,
      getScheduleDowngradeMockHandler,
      getCancelScheduledDowngradeMockHandler,
    ].map((handler) =>
      handler(() => {
        signedIn();
        return off();
      }),
    ),
  ];
}
