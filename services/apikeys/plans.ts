// The answer API's allowance per plan, in one place (README "Answer API"): requests per calendar
// month (UTC) across all of a person's keys, and requests per minute for each key.
import type { Plan } from '../shared/actor.js';

export type ApiAllowance = { monthlyRequests: number; requestsPerMinute: number };

export const API_ALLOWANCE: Record<Plan, ApiAllowance> = {
  free: { monthlyRequests: 1_000, requestsPerMinute: 10 },
  pro: { monthlyRequests: 20_000, requestsPerMinute: 60 },
  max: { monthlyRequests: 100_000, requestsPerMinute: 120 },
  enterprise: { monthlyRequests: 100_000, requestsPerMinute: 120 },
};
