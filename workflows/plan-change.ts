// A plan change (Pro to Max now, or Max to Pro at the next billing start) as a durable workflow:
// the change at Stripe, then its record on the subscriber's stream. Its id is the subscription and
// the subscriber's stream version when it was asked (services/billing/plan-change.ts), so a doubled
// request joins the running change, and a server killed mid-change resumes it at the next start:
// the Stripe request is sent again under the same idempotency key, Stripe answers the first result
// (no second charge), and the record step writes it once.
import { DBOS } from '@dbos-inc/dbos-sdk';
import {
  changeAtProvider,
  planChangeWorkflowId,
  recordPlanChange,
  type BillingDeps,
  type PlanChangeJob,
  type PlanChangeOutcome,
  type PlanChangeRunner,
} from '../services/billing/index.js';

export function registerPlanChange(deps: BillingDeps) {
  return DBOS.registerWorkflow(
    async (job: PlanChangeJob): Promise<PlanChangeOutcome> => {
      // Retried only when Stripe could not be reached at all; its refusals are outcomes. Still
      // unreachable after the retries: a refusal too, recorded, so asking again is a new request
      // (a new workflow id) rather than this failure answered again.
      const outcome = await DBOS.runStep(() => changeAtProvider(deps, job), { name: 'change', retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1 }).catch(
        (err: unknown): PlanChangeOutcome => ({ ok: false, reason: 'provider_error', message: err instanceof Error ? err.message : String(err) }),
      );
      await DBOS.runStep(() => recordPlanChange(deps, job, outcome), { name: 'record', retriesAllowed: true, maxAttempts: 3, intervalSeconds: 1 });
      return outcome;
    },
    { name: 'planChange' },
  );
}

/** Starts the job's workflow (or joins the one of the same id) and waits for its outcome: the HTTP answer waits, as before. */
export function planChangeRunner(workflow: ReturnType<typeof registerPlanChange>): PlanChangeRunner {
  return async (job) => {
    const handle = await DBOS.startWorkflow(workflow, { workflowID: planChangeWorkflowId(job) })(job);
    return handle.getResult();
  };
}
