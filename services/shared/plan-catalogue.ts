// The plans this server sells, from configuration (BILLING_PLANS_FILE, with built-in defaults):
// their names, Stripe price ids per interval, limits and capabilities. Kernel, because the edge's
// plan and every domain's limits read it; services/billing sells them.
import { z } from 'zod';
import type { Capabilities, Plan } from './actor.js';
import { DEFAULT_PLAN_FILE_LIMITS, type PlanFileLimits } from './plans.js';

export const PLAN_IDS = ['free', 'pro', 'max', 'enterprise'] as const satisfies readonly Plan[];
export const INTERVALS = ['monthly', 'yearly'] as const;
export type Interval = (typeof INTERVALS)[number];

/** One way to pay for a plan: the Stripe price, and what it costs in minor units for the pricing page. */
export type PlanPrice = { stripe_price_id: string; amount_minor: number; currency: string };

export type PlanDefinition = {
  id: Plan;
  name: string;
  limits: { files_per_repository: number; files_per_person: number; tasks: number; price_alerts: number };
  capabilities: Capabilities;
  prices: Partial<Record<Interval, PlanPrice>>;
  /** Free days before the first payment for someone who never subscribed (Stripe's trial_period_days), or null. */
  trial_days: number | null;
};

export type PlanCatalogue = Record<Plan, PlanDefinition>;

const capabilities = z
  .object({ unlimitedProSearch: z.boolean(), maxModelSelection: z.boolean(), unlimitedResearch: z.boolean(), fileUpload: z.boolean() })
  .strict();
const price = z
  .object({
    stripe_price_id: z.string().min(1).max(255),
    amount_minor: z.number().int().min(0).max(100_000_000),
    currency: z.string().regex(/^[a-z]{3}$/, 'a three-letter ISO currency code in lower case, e.g. usd'),
  })
  .strict();
const planSchema = z
  .object({
    name: z.string().min(1).max(60),
    limits: z
      .object({
        files_per_repository: z.number().int().min(1).max(1e9),
        files_per_person: z.number().int().min(1).max(1e9),
        // Added with tasks (issue 18): a plans file written before keeps the plan's default.
        tasks: z.number().int().min(0).max(1e9).optional(),
        price_alerts: z.number().int().min(0).max(1e9).optional(),
      })
      .strict(),
    capabilities,
    prices: z.object({ monthly: price.optional(), yearly: price.optional() }).strict().default({}),
    trial_days: z.number().int().min(1).max(730).nullable().default(null),
  })
  .strict();
const fileSchema = z
  .object({
    free: planSchema.optional(),
    pro: planSchema.optional(),
    max: planSchema.optional(),
    enterprise: planSchema.optional(),
    // The student offer (student-config.ts reads and checks it).
    student_offer: z.unknown().optional(),
  })
  .strict();

const NONE: Capabilities = { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true };

/** The built-in plans: prices in US dollars with placeholder price ids the operator replaces in BILLING_PLANS_FILE. */
/** The most scheduled tasks and shortcuts, and price alerts, a person keeps on each plan by default. */
export const DEFAULT_TASK_LIMITS: Record<Plan, { tasks: number; price_alerts: number }> = {
  free: { tasks: 5, price_alerts: 2 },
  pro: { tasks: 50, price_alerts: 20 },
  max: { tasks: 200, price_alerts: 100 },
  enterprise: { tasks: 200, price_alerts: 100 },
};

export function defaultCatalogue(fileLimits: PlanFileLimits = DEFAULT_PLAN_FILE_LIMITS): PlanCatalogue {
  const limits = (p: Plan) => ({ files_per_repository: fileLimits[p].per_repository, files_per_person: fileLimits[p].per_user, ...DEFAULT_TASK_LIMITS[p] });
  const usd = (id: string, amount_minor: number): PlanPrice => ({ stripe_price_id: id, amount_minor, currency: 'usd' });
  return {
    free: { id: 'free', name: 'Free', limits: limits('free'), capabilities: NONE, prices: {}, trial_days: null },
    pro: {
      id: 'pro',
      name: 'Pro',
      limits: limits('pro'),
      capabilities: { unlimitedProSearch: true, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
      prices: { monthly: usd('price_pro_monthly', 2000), yearly: usd('price_pro_yearly', 20000) },
      trial_days: null,
    },
    max: {
      id: 'max',
      name: 'Max',
      limits: limits('max'),
      capabilities: { unlimitedProSearch: true, maxModelSelection: true, unlimitedResearch: true, fileUpload: true },
      prices: { monthly: usd('price_max_monthly', 20000), yearly: usd('price_max_yearly', 200000) },
      trial_days: null,
    },
    enterprise: {
      id: 'enterprise',
      name: 'Enterprise',
      limits: limits('enterprise'),
      capabilities: { unlimitedProSearch: true, maxModelSelection: true, unlimitedResearch: true, fileUpload: true },
      prices: { monthly: usd('price_enterprise_monthly', 4000), yearly: usd('price_enterprise_yearly', 40000) },
      trial_days: null,
    },
  };
}

/**
 * The operator's plans file: a JSON object keyed by plan id (free, pro, max, enterprise), each a
 * whole plan; plans left out keep their defaults. Throws a message for the config error.
 */
export function parsePlanCatalogue(text: string, defaults: PlanCatalogue): PlanCatalogue {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('is not JSON');
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; '));
  const out = structuredClone(defaults);
  for (const id of PLAN_IDS) {
    const p = parsed.data[id];
    if (p)
      out[id] = {
        id,
        ...p,
        limits: { ...p.limits, tasks: p.limits.tasks ?? defaults[id].limits.tasks, price_alerts: p.limits.price_alerts ?? defaults[id].limits.price_alerts },
      };
  }
  const seen = new Map<string, string>();
  for (const p of Object.values(out))
    for (const [interval, pr] of Object.entries(p.prices)) {
      const where = `${p.id}.${interval}`;
      if (seen.has(pr.stripe_price_id)) throw new Error(`${where}: price id ${pr.stripe_price_id} is also ${seen.get(pr.stripe_price_id)}'s`);
      seen.set(pr.stripe_price_id, where);
    }
  return out;
}

/** The plan and interval a Stripe price id sells, or null for a price this server does not know. */
export function planOfPrice(catalogue: PlanCatalogue, priceId: string): { plan: Plan; interval: Interval } | null {
  for (const p of Object.values(catalogue))
    for (const interval of INTERVALS) if (p.prices[interval]?.stripe_price_id === priceId) return { plan: p.id, interval };
  return null;
}

/** Each plan's file limits, as the files domain reads them. */
export const fileLimitsOf = (catalogue: PlanCatalogue): PlanFileLimits =>
  Object.fromEntries(
    PLAN_IDS.map((id) => [id, { per_repository: catalogue[id].limits.files_per_repository, per_user: catalogue[id].limits.files_per_person }]),
  ) as PlanFileLimits;
