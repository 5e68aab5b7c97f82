// What the billing domain needs beyond the kernel: the payment provider (null while billing is
// off), the plan rules, a way to have stored webhooks applied, and forgetting remembered sessions
// (their plan changed).
import type { KernelContext } from '../shared/context.js';
import type { StudentOffer } from '../shared/student-config.js';
import type { PlanChangeRunner } from './plan-change-job.js';
import type { BillingProvider } from './provider.js';
import type { PlanRules } from './queries.js';

export type BillingPorts = {
  provider: BillingProvider | null;
  rules: PlanRules;
  /** A webhook was stored in the inbox: have it applied soon (workflows/stripe-webhook.ts drains the inbox). */
  applyLater: () => void;
  /** Runs an upgrade or downgrade to its end as a durable workflow (workflows/plan-change.ts) and answers its outcome. */
  changePlan: PlanChangeRunner;
  /** The student offer checkout applies, and whether a person's student verification stands (students' index.ts, wired by the app). */
  studentCheckout: StudentCheckout;
};

export type StudentCheckout = { offer: StudentOffer | null; isStanding: (userId: string) => Promise<boolean> };

export type BillingContext = KernelContext & {
  billing: BillingPorts;
  /** Forgets the remembered session users (identity's session-ids.ts): their plan changed. */
  forgetSessions: () => void;
};

/** What the steps that change subscriptions use (the workflow gets the same, without HTTP). */
export type BillingDeps = Pick<KernelContext, 'db' | 'store' | 'now' | 'logger'> & {
  provider: BillingProvider | null;
  rules: PlanRules;
  forgetSessions: () => void;
};

export const billingDeps = (ctx: BillingContext): BillingDeps => ({
  db: ctx.db,
  store: ctx.store,
  now: ctx.now,
  logger: ctx.logger,
  provider: ctx.billing.provider,
  rules: ctx.billing.rules,
  forgetSessions: ctx.forgetSessions,
});
