// What a durable plan change is given and answers (workflows/plan-change.ts runs it; plan-change.ts makes it).
import type { PriceChangeFailure, ProviderSubscription } from './provider.js';

/**
 * A plan change made at Stripe by a durable workflow (workflows/plan-change.ts): the subscriber,
 * the subscription, the price it moves to and the subscriber's stream version when it was asked.
 * The workflow id and every Stripe idempotency key derive from these, so a doubled request, a
 * retried step or a run resumed after a crash make the one change once.
 */
export type PlanChangeJob = { kind: 'upgrade' | 'downgrade'; user_id: string; subscription_id: string; price_id: string; version: number };

/** What Stripe did: the subscription as it now is, or why it refused (nothing changed). */
export type PlanChangeOutcome = { ok: true; subscription: ProviderSubscription } | { ok: false; reason: PriceChangeFailure; message: string };

/** Runs a plan change to its end and answers its outcome (the durable workflow, in the app). */
export type PlanChangeRunner = (job: PlanChangeJob) => Promise<PlanChangeOutcome>;
