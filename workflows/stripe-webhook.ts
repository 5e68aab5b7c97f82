// Applies one received Stripe event, durably: the workflow id is the event's id, so a redelivered
// event (or a second start after a crash) runs once. The step reads the current facts from Stripe
// and records only what changed (services/billing/use-cases.ts), so it may safely run again.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { applyProviderEvent, type BillingDeps, type ProviderEventSummary } from '../services/billing/index.js';

export const stripeEventWorkflowId = (event: ProviderEventSummary) => `stripe-event-${event.id}`;

export function registerStripeWebhook(deps: BillingDeps) {
  return DBOS.registerWorkflow(
    async (event: ProviderEventSummary) =>
      DBOS.runStep(() => applyProviderEvent(deps, event), { name: 'apply', retriesAllowed: true, maxAttempts: 8, intervalSeconds: 1, backoffRate: 2 }),
    { name: 'applyStripeEvent' },
  );
}

export type StripeWebhookWorkflow = ReturnType<typeof registerStripeWebhook>;

export async function startStripeEvent(workflow: StripeWebhookWorkflow, event: ProviderEventSummary) {
  await DBOS.startWorkflow(workflow, { workflowID: stripeEventWorkflowId(event) })(event);
}
