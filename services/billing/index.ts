// What other parts use of billing (docs/architecture.md: a domain is used only through its index.ts).
export { billingErrors } from './errors.js';
export { hasSubscribedBefore, sessionSubscriptionOf, subscriptionViewOf, type PlanRules, type SubscriptionView } from './queries.js';
export { applyProviderEvents, changeSubscription } from './use-cases.js';
export { drainWebhookBatch } from './webhook-inbox.js';
export type { BillingContext, BillingDeps, BillingPorts } from './context.js';
export type { BillingProvider, PromotionCodeFacts, ProviderEventSummary } from './provider.js';
export { subscriptionsProjection } from './projections.js';
export { createStripeProvider } from './stripe-provider.js';
export { subscriptionStream } from './events.js';
export { changeAtProvider, planChangeWorkflowId, recordPlanChange } from './plan-change.js';
export type { PlanChangeJob, PlanChangeOutcome, PlanChangeRunner } from './plan-change-job.js';
export { recordSeats, seatSyncJobsIn, seatSyncWorkflowId, seatTarget, updateSeatsAtProvider, type SeatSyncJob, type SeatTarget } from './org-seats.js';
export { billingRoutes } from './routes.js';
