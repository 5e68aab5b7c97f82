// The perks of each plan: what this server really enforces (its file limits, FILE_LIMITS) and
// the operator's own perks of Pro (PRO_PERKS_FILE). Nothing here is a claim the server cannot keep.
import type { Plan } from '../shared/actor.js';
import type { PlanFileLimits, PlanPerk } from '../shared/plans.js';

const n = (x: number) => x.toLocaleString('en');

export function perksOf(plan: Plan, cfg: { fileLimits: PlanFileLimits; proPerks: PlanPerk[] }): PlanPerk[] {
  const limits = cfg.fileLimits[plan];
  const files: PlanPerk = {
    title: 'Files for answers',
    description: `Index up to ${n(limits.per_repository)} files in each file collection (My Files, a Space) and ${n(limits.per_user)} in all.`,
  };
  return plan === 'free' ? [files] : [files, ...cfg.proPerks];
}
