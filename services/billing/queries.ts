// Reads of the subscription read model. The session user's plan comes from here: one indexed
// row per session load (remembered with the session, identity's session-ids.ts), never Stripe.
import type { Db } from '../db/database.js';
import { sql } from 'kysely';
import { preparedBuilt } from '../db/database.js';
import type { Plan, SessionSubscription, SubscriptionSource, SubscriptionStatus } from '../shared/actor.js';
import type { Interval, PlanCatalogue } from '../shared/plan-catalogue.js';
import { PLAN_RANK } from '../shared/plans.js';
import { entitles } from './decide.js';
import { membershipsOf } from '../orgs/index.js';
import { own } from './tables.js';

export type SubscriptionView = SessionSubscription & {
  interval: Interval | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_change: { plan: Plan; interval: Interval; effective_at: string } | null;
  customer_id: string | null;
};

/** The plans and the plan of those without one (BILLING_DEFAULT_PLAN while billing is off, else free). */
export type PlanRules = { plans: PlanCatalogue; fallbackPlan: Plan };

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export async function subscriptionViewOf(db: Db, rules: PlanRules, userId: string): Promise<SubscriptionView> {
  const row = await preparedBuilt(own(db).selectFrom('subscriptions').selectAll().where('user_id', '=', userId)).executeTakeFirst();
  const status = (row?.status ?? 'none') as SubscriptionStatus;
  const plan = row?.plan && entitles(status) ? (row.plan as Plan) : rules.fallbackPlan;
  return {
    subscription_status: status,
    subscription_source: (row?.source ?? 'stripe') as SubscriptionSource,
    subscription_plan: plan,
    capabilities: rules.plans[plan].capabilities,
    interval: (row?.interval ?? null) as Interval | null,
    current_period_end: iso(row?.current_period_end ?? null),
    cancel_at_period_end: row?.cancel_at_period_end ?? false,
    scheduled_change:
      row?.scheduled_plan && row.scheduled_interval && row.scheduled_effective_at
        ? { plan: row.scheduled_plan as Plan, interval: row.scheduled_interval as Interval, effective_at: iso(row.scheduled_effective_at)! }
        : null,
    customer_id: row?.customer_id ?? null,
  };
}

type PlanOrganization = NonNullable<SessionSubscription['plan_organization']>;

/**
 * The session user's subscription part: their own, or the best plan an organisation of theirs
 * pays for (members get their organisation's plan) when that is higher, with which organisation
 * and their role in it. Two prepared statements, one after the other: their memberships (orgs'
 * read model), then their row and their organisations' rows at once. It is read whenever a
 * remembered session is reloaded, for every session at once after a subscription changes, so it
 * takes one pooled connection at a time.
 */
export async function sessionSubscriptionOf(db: Db, rules: PlanRules, userId: string): Promise<SessionSubscription> {
  const memberships = await membershipsOf(db, userId);
  const rows = await preparedBuilt(
    own(db)
      .selectFrom('subscriptions')
      .select(['user_id', 'plan', 'status', 'source'])
      .where(sql<boolean>`user_id = any(${[userId, ...memberships.map((m) => m.org_uuid)]}::text[])`),
  ).execute();
  const byPayer = new Map(rows.map((r) => [r.user_id, r]));
  const mine = byPayer.get(userId);
  const status = (mine?.status ?? 'none') as SubscriptionStatus;
  const ownPlan = mine?.plan && entitles(status) ? (mine.plan as Plan) : rules.fallbackPlan;
  let byOrg: { plan: Plan; org: PlanOrganization } | null = null;
  for (const m of memberships) {
    const r = byPayer.get(m.org_uuid);
    if (!r?.plan || !entitles(r.status as SubscriptionStatus)) continue;
    const plan = r.plan as Plan;
    if (PLAN_RANK[plan] > PLAN_RANK[byOrg?.plan ?? ownPlan]) byOrg = { plan, org: { org_uuid: m.org_uuid, role: m.role as PlanOrganization['role'] } };
  }
  const plan = byOrg?.plan ?? ownPlan;
  return {
    subscription_status: status,
    subscription_source: (mine?.source ?? 'stripe') as SubscriptionSource,
    subscription_plan: plan,
    capabilities: rules.plans[plan].capabilities,
    plan_organization: byOrg?.org ?? null,
  };
}

/** Whether the person ever had a subscription here (a code for first-time customers is not theirs). */
export async function hasSubscribedBefore(db: Db, userId: string) {
  const row = await own(db)
    .selectFrom('subscriptions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('subscription_id', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/** Whose customer this is (our checkout made it), or null. */
export async function userOfCustomer(db: Db, customerId: string) {
  const row = await own(db).selectFrom('subscriptions').select('user_id').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.user_id ?? null;
}
