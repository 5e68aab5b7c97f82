// An organisation's seats follow its membership (seed 002 §3: seats are the member count). The
// orgs domain's membership events (a member joined, was removed, left) each start a seat sync
// (workflows/org-seats.ts); the sync reads what Stripe holds and the member count now, sets the
// subscription item's quantity when they differ, and records the seats on the organisation's
// subscription stream. Converging on the count now (not adding or taking one per event) makes a
// replayed or late event harmless; the workflow id and the Stripe idempotency key are the
// event's, so a replay never sends a second update.
import type { Db } from '../db/database.js';
import { existingOrgs, orgBillingFacts } from '../orgs/index.js';
import type { StoredEvent } from '../eventstore/types.js';
import type { BillingDeps } from './context.js';
import { evolveSubscription, NO_SUBSCRIPTION, subscriptionStream, type SubscriptionStarted } from './events.js';
import { changeSubscription, requireProvider } from './use-cases.js';

/** The orgs domain's events that change an organisation's member count. */
export const MEMBERSHIP_EVENTS: readonly string[] = ['OrgMemberJoined', 'OrgMemberRemoved', 'OrgMemberLeft'];

/** One seat sync: the organisation, and the log position of the membership event that asked for it. */
export type SeatSyncJob = { org_uuid: string; position: string };

export const seatSyncWorkflowId = (job: SeatSyncJob) => `org-seats-${job.org_uuid}-${job.position}`;

/**
 * The seat syncs a batch of events asks for: the membership events of organisations, and a
 * subscription starting for one of `orgs` (a member who joined between the checkout and its
 * payment is not in the quantity the checkout asked for).
 */
export function seatSyncJobsOf(events: readonly StoredEvent[], orgs: ReadonlySet<string> = new Set()): SeatSyncJob[] {
  const jobs: SeatSyncJob[] = [];
  for (const e of events) {
    if (MEMBERSHIP_EVENTS.includes(e.type) && e.streamId.startsWith('org-'))
      jobs.push({ org_uuid: (e.data as { org_uuid: string }).org_uuid, position: e.globalPosition });
    else if (e.type === 'SubscriptionStarted' && orgs.has((e.data as SubscriptionStarted['data']).user_id))
      jobs.push({ org_uuid: (e.data as SubscriptionStarted['data']).user_id, position: e.globalPosition });
  }
  return jobs;
}

/** The seat syncs a batch of the log asks for, the organisations among its new subscribers read from `db` (the consumer's transaction). */
export async function seatSyncJobsIn(db: Db, events: readonly StoredEvent[]) {
  const started = [...new Set(events.filter((e) => e.type === 'SubscriptionStarted').map((e) => (e.data as SubscriptionStarted['data']).user_id))];
  return seatSyncJobsOf(events, await existingOrgs(db, started));
}

/** What a sync must do: the organisation's subscription at Stripe, its seats there, and the seats it should have. */
export type SeatTarget = { subscription_id: string; seats: number; at_provider: number };

/** Statuses in which a subscription is billed and its seats still matter. */
const BILLED = new Set(['active', 'trialing', 'past_due', 'invoice_past_due', 'white_glove_past_due']);

/** Step one: the target, or null when the organisation has no card or invoiced subscription billed now (nothing to update). */
export async function seatTarget(deps: BillingDeps, orgUuid: string): Promise<SeatTarget | null> {
  if (!deps.provider) return null;
  const { state } = await deps.store.aggregate(subscriptionStream(orgUuid), NO_SUBSCRIPTION, evolveSubscription);
  if (state.source !== 'stripe' || !state.subscription_id || !BILLED.has(state.status)) return null;
  const org = await orgBillingFacts(deps.db, orgUuid, '');
  if (!org) return null;
  const sub = await deps.provider.retrieveSubscription(state.subscription_id);
  if (!sub || sub.status === 'canceled') return null;
  return { subscription_id: state.subscription_id, seats: Math.max(1, org.member_count), at_provider: sub.quantity };
}

export const seatUpdateKey = (target: SeatTarget, job: SeatSyncJob) => `org-seats-${target.subscription_id}-${job.position}-${target.seats}`;

/** Step two: Stripe's quantity set to the target, under the event's idempotency key; nothing when it already is. */
export async function updateSeatsAtProvider(deps: BillingDeps, job: SeatSyncJob, target: SeatTarget) {
  if (target.at_provider === target.seats) return false;
  await requireProvider(deps).setQuantity({ subscription_id: target.subscription_id, quantity: target.seats, idempotency_key: seatUpdateKey(target, job) });
  return true;
}

/** Step three: the seats on the organisation's stream (a repeat records nothing). */
export async function recordSeats(deps: BillingDeps, job: SeatSyncJob, target: SeatTarget) {
  await changeSubscription(deps, job.org_uuid, { type: 'RecordSeats', subscription_id: target.subscription_id, seats: target.seats });
}
