// A Research report as events, one stream per report (its entry's backend_uuid): started, planned,
// each step done, ended. Each person's reports are counted on a stream per period (a day), whose
// version is the count: an append with that expected version is what holds the quota.
import type { StoredEvent } from '../eventstore/types.js';

export type ResearchStepKind = 'planning' | 'searching' | 'reading' | 'reflecting' | 'writing';
export type ResearchOutcome = 'completed' | 'stopped' | 'failed';

export type ResearchStarted = {
  type: 'ResearchStarted';
  data: { backend_uuid: string; context_uuid: string; user_id: string; question: string; step_count: number; started_at: string };
};
export type ResearchPlanned = { type: 'ResearchPlanned'; data: { backend_uuid: string; user_id: string; sections: string[]; step_count: number; at: string } };
/** `user_id`: whose report (the text is theirs: the searches and section titles come from their question). */
export type ResearchStepDone = {
  type: 'ResearchStepDone';
  data: { backend_uuid: string; user_id: string; number: number; kind: ResearchStepKind; text: string; at: string };
};
export type ResearchEnded = { type: 'ResearchEnded'; data: { backend_uuid: string; status: ResearchOutcome; at: string } };
/** On the person's quota stream: one report counted in `period` (YYYY-MM-DD, UTC). */
export type ResearchCounted = { type: 'ResearchCounted'; data: { backend_uuid: string; user_id: string; period: string; at: string } };

export type ResearchEvent = ResearchStarted | ResearchPlanned | ResearchStepDone | ResearchEnded | ResearchCounted;
export const RESEARCH_EVENT_TYPES = ['ResearchStarted', 'ResearchPlanned', 'ResearchStepDone', 'ResearchEnded', 'ResearchCounted'] as const;

export const researchStream = (backendUuid: string) => `research-${backendUuid}`;
export const researchQuotaStream = (userId: string, period: string) => `research-quota-${userId}-${period}`;

export type ResearchState = {
  started: boolean;
  step_count: number;
  sections: string[];
  /** The number of the last step done (0: none yet). */
  steps_done: number;
  ended: ResearchOutcome | null;
};
export const initialResearch: ResearchState = { started: false, step_count: 0, sections: [], steps_done: 0, ended: null };

export function evolveResearch(state: ResearchState, event: StoredEvent | ResearchEvent): ResearchState {
  const e = { type: event.type, data: event.data } as ResearchEvent;
  if (e.type === 'ResearchStarted') return { ...state, started: true, step_count: e.data.step_count };
  if (e.type === 'ResearchPlanned') return { ...state, sections: e.data.sections, step_count: e.data.step_count };
  if (e.type === 'ResearchStepDone') return { ...state, steps_done: Math.max(state.steps_done, e.data.number) };
  if (e.type === 'ResearchEnded') return { ...state, ended: e.data.status };
  return state;
}
