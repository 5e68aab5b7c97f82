// The plans and what each allows, read by the edge (an Actor's plan) and by the domains that
// enforce a plan's limits. The file limits' values are the plan settings' (`FILE_LIMITS`).
import type { Plan } from './actor.js';

/** Which plan is higher: a plan covers every plan of a lower rank. */
export const PLAN_RANK: Readonly<Record<Plan, number>> = { free: 0, pro: 1, max: 2, enterprise: 3 };

export type FileLimits = { per_repository: number; per_user: number };
export type PlanFileLimits = Record<Plan, FileLimits>;

export const DEFAULT_PLAN_FILE_LIMITS: PlanFileLimits = {
  free: { per_repository: 50, per_user: 100 },
  pro: { per_repository: 500, per_user: 5_000 },
  max: { per_repository: 1_000, per_user: 10_000 },
  enterprise: { per_repository: 5_000, per_user: 50_000 },
};

/**
 * The plan of a person comes from their subscription only: the session user's `subscription_plan`
 * (services/billing resolves it from the subscription read model and the plan catalogue). A user
 * built without it (tests, old sessions) is Pro while a subscription is paid for or in its trial,
 * free otherwise. Belonging to an organisation is no plan: anyone may create one.
 */
export function planOf(user: { subscription_status: string; subscription_plan?: Plan }): Plan {
  if (user.subscription_plan) return user.subscription_plan;
  return user.subscription_status === 'active' || user.subscription_status === 'trialing' ? 'pro' : 'free';
}

/**
 * Parses `FILE_LIMITS`, e.g. `free=50/100,pro=500/5000,max=1000/10000` (per repository / per user); plans left
 * out keep their defaults. Throws a message for the config error on anything else.
 */
export function parsePlanFileLimits(text: string): PlanFileLimits {
  const limits = structuredClone(DEFAULT_PLAN_FILE_LIMITS);
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(free|pro|max|enterprise)=(\d{1,9})\/(\d{1,9})$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < 1) throw new Error(`"${part}" is not plan=per_repository/per_user, e.g. free=50/100`);
    limits[m[1] as Plan] = { per_repository: Number(m[2]), per_user: Number(m[3]) };
  }
  return limits;
}

/** One perk of a plan, as the pro perks page lists it. */
export type PlanPerk = { title: string; description: string };

/**
 * Parses the operator's perks file (`PRO_PERKS_FILE`): a JSON array of `{ "title", "description" }`
 * that Pro (and Enterprise) give besides the limits this server enforces. Throws a message for
 * the config error on anything else.
 */
export function parsePerks(text: string): PlanPerk[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('is not JSON');
  }
  const ok = (s: unknown, max: number) => typeof s === 'string' && s.trim().length > 0 && s.length <= max;
  if (!Array.isArray(data) || data.length > 50) throw new Error('must be a JSON array of at most 50 { "title", "description" } objects');
  return data.map((p, i) => {
    if (typeof p !== 'object' || p === null || !ok(p.title, 100) || !ok(p.description, 500) || Object.keys(p).some((k) => k !== 'title' && k !== 'description'))
      throw new Error(`item ${i + 1} must be { "title": text up to 100 characters, "description": text up to 500 }`);
    return { title: p.title.trim(), description: p.description.trim() };
  });
}
