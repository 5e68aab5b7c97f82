// How many files a plan allows (seed 001 §8 limit messages; the values are the plan settings',
// `FILE_LIMITS` on the server). A repository limit counts the files in one repository; the user
// limit counts the files a person uploaded across My Files and all Spaces.

export type Plan = 'free' | 'pro' | 'enterprise';
export type FileLimits = { per_repository: number; per_user: number };
export type PlanFileLimits = Record<Plan, FileLimits>;

export const DEFAULT_PLAN_FILE_LIMITS: PlanFileLimits = {
  free: { per_repository: 50, per_user: 100 },
  pro: { per_repository: 500, per_user: 5_000 },
  enterprise: { per_repository: 5_000, per_user: 50_000 },
};

export const FILE_REPOSITORY_LIMIT_EXCEEDED = 'FILE_REPOSITORY_LIMIT_EXCEEDED';
export const USER_FILE_LIMIT_EXCEEDED = 'USER_FILE_LIMIT_EXCEEDED';
export type LimitCode = typeof FILE_REPOSITORY_LIMIT_EXCEEDED | typeof USER_FILE_LIMIT_EXCEEDED;

export const LIMIT_MESSAGES: Record<LimitCode, (limit: number) => string> = {
  FILE_REPOSITORY_LIMIT_EXCEEDED: (limit) => `You have reached the file limit of ${limit} files per repository.`,
  USER_FILE_LIMIT_EXCEEDED: (limit) =>
    `You've reached your total file limit of ${limit} files across My Files and all Spaces. Delete some files or upgrade your plan to add more`,
};

/**
 * The plan of a person comes from their subscription only: Pro while one is paid for (or in its
 * trial), free otherwise. Belonging to an organisation is no plan: anyone may create one. The
 * Enterprise limits apply once a subscription can name that tier (billing).
 */
export function planOf(user: { subscription_status: string }): Plan {
  return user.subscription_status === 'active' || user.subscription_status === 'trialing' ? 'pro' : 'free';
}

/**
 * Parses `FILE_LIMITS`, e.g. `free=50/100,pro=500/5000` (per repository / per user); plans left
 * out keep their defaults. Throws a message for the config error on anything else.
 */
export function parsePlanFileLimits(text: string): PlanFileLimits {
  const limits = structuredClone(DEFAULT_PLAN_FILE_LIMITS);
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(free|pro|enterprise)=(\d{1,9})\/(\d{1,9})$/.exec(part);
    if (!m || Number(m[2]) < 1 || Number(m[3]) < 1) throw new Error(`"${part}" is not plan=per_repository/per_user, e.g. free=50/100`);
    limits[m[1] as Plan] = { per_repository: Number(m[2]), per_user: Number(m[3]) };
  }
  return limits;
}

/**
 * How many of `wanted` new files fit, and the first limit that stops the rest. Pure: the counts
 * are read before. A file that replaces one already there is not new.
 */
export function fitWithinLimits(
  limits: FileLimits,
  counts: { in_repository: number; by_user: number; counts_for_user: boolean },
  wanted: number,
): { fits: number; reached: LimitCode | null } {
  const repoRoom = Math.max(0, limits.per_repository - counts.in_repository);
  const userRoom = counts.counts_for_user ? Math.max(0, limits.per_user - counts.by_user) : Infinity;
  const fits = Math.min(wanted, repoRoom, userRoom);
  if (fits === wanted) return { fits, reached: null };
  return { fits, reached: repoRoom <= userRoom ? FILE_REPOSITORY_LIMIT_EXCEEDED : USER_FILE_LIMIT_EXCEEDED };
}
