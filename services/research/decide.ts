// The rules of Research, pure: who may start a report (a configured model, a signed-in person
// within their plan's quota) and a report's events, each decided once (a step redone after a
// crash records nothing new).
import type { Plan } from '../shared/actor.js';
import { researchErrors } from './errors.js';
import type { ResearchEnded, ResearchOutcome, ResearchPlanned, ResearchStarted, ResearchState, ResearchStepDone } from './events.js';

/** Reports a day per plan without `unlimitedResearch` (RESEARCH_FREE_PER_DAY, RESEARCH_PRO_PER_DAY). */
export type ResearchQuota = { freePerDay: number; proPerDay: number };
export const DEFAULT_RESEARCH_QUOTA: ResearchQuota = { freePerDay: 1, proPerDay: 5 };

/** A quota period: the UTC day. */
export const quotaPeriod = (now: Date) => now.toISOString().slice(0, 10);

/** How many reports a day the person may start; null: no limit. */
export function dailyLimit(plan: Plan, unlimited: boolean, quota: ResearchQuota): number | null {
  if (unlimited) return null;
  return plan === 'free' ? quota.freePerDay : quota.proPerDay;
}

export type Admission = { hasModel: boolean; userId: string | null; plan: Plan; unlimited: boolean; usedToday: number };

/** Throws why a report may not start: no model (first: nothing else matters), signed out, or past the quota. */
export function decideAdmission(a: Admission, quota: ResearchQuota): void {
  if (!a.hasModel) throw researchErrors.needsModel();
  if (!a.userId) throw researchErrors.loginRequired();
  const limit = dailyLimit(a.plan, a.unlimited, quota);
  if (limit !== null && a.usedToday >= limit) throw researchErrors.quotaReached(limit);
}

export function decideStart(state: ResearchState, data: ResearchStarted['data']): ResearchStarted[] {
  return state.started ? [] : [{ type: 'ResearchStarted', data }];
}

export function decidePlanned(state: ResearchState, data: ResearchPlanned['data']): ResearchPlanned[] {
  return state.sections.length || state.ended ? [] : [{ type: 'ResearchPlanned', data }];
}

export function decideStep(state: ResearchState, step: ResearchStepDone['data']): ResearchStepDone[] {
  return state.ended || step.number <= state.steps_done ? [] : [{ type: 'ResearchStepDone', data: step }];
}

export function decideEnd(state: ResearchState, backendUuid: string, status: ResearchOutcome, at: string): ResearchEnded[] {
  return state.ended ? [] : [{ type: 'ResearchEnded', data: { backend_uuid: backendUuid, status, at } }];
}

/** "Step 3 of 8: reading 6 sources". */
export const stepLine = (number: number, of: number, text: string) => `Step ${number} of ${of}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
