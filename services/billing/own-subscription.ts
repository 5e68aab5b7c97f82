// The caller's own subscription, and an administrator's record of someone's store subscription:
// each asks the request's Actor who acts (401 for a visitor, 403 for anyone not an administrator).
import { isAdministrator, personByEmail, requireUser } from '../identity/index.js';
import type { Actor } from '../shared/actor.js';
import type { BillingDeps } from './context.js';
import { billingErrors } from './errors.js';
import { subscriptionViewOf } from './queries.js';
import { changeSubscription, type RecordSourceInput, refreshFromProvider, requireProvider } from './use-cases.js';

/** The caller's subscription as the read model has it. */
export async function ownSubscription(deps: BillingDeps, actor: Actor) {
  const user = await requireUser(actor);
  return subscriptionViewOf(deps.db, deps.rules, user.id);
}

/** Reads the caller's subscriptions from the provider now (after a checkout), then answers it. */
export async function refreshOwnSubscription(deps: BillingDeps, actor: Actor) {
  const user = await requireUser(actor);
  requireProvider(deps);
  const before = await subscriptionViewOf(deps.db, deps.rules, user.id);
  await refreshFromProvider(deps, user.id, before.customer_id);
  return subscriptionViewOf(deps.db, deps.rules, user.id);
}

/** An administrator records a subscription paid elsewhere (a store, a carrier) for the account of `email`. */
export async function recordSubscriptionSource(
  deps: BillingDeps,
  actor: Actor,
  adminEmails: readonly string[],
  input: Omit<RecordSourceInput, 'recorded_by'> & { email: string },
) {
  const admin = await requireUser(actor);
  if (!isAdministrator(admin, adminEmails)) throw billingErrors.notAdministrator();
  const account = await personByEmail(deps.db, input.email);
  if (!account) throw billingErrors.accountNotFound();
  const { email: _email, ...record } = input;
  await changeSubscription(deps, account.id, { type: 'RecordSource', ...record, recorded_by: admin.id });
  return subscriptionViewOf(deps.db, deps.rules, account.id);
}
