// What the product remembers about a person (seed 003 §3 Memory), one stream per person: each
// memory remembered (from an answer or by hand), edited, forgotten, and the feedback given on it;
// and whether answers may use memories at all (the switch on /account/personalize).
import type { StoredEvent } from '../eventstore/types.js';

export const MEMORY_FEEDBACK_NEGATIVE = ['out_of_date', 'inaccurate', 'irrelevant'] as const;
export const MEMORY_FEEDBACK_POSITIVE = ['up_to_date', 'accurate', 'relevant'] as const;
/** The detailed feedback's type (seed 003 §3): a preset reason, or 'comment' with the person's text. */
export const MEMORY_FEEDBACK_TYPES = [...MEMORY_FEEDBACK_NEGATIVE, ...MEMORY_FEEDBACK_POSITIVE, 'comment'] as const;
export type MemoryFeedbackType = (typeof MEMORY_FEEDBACK_TYPES)[number];
/** The helpful / not-helpful click; null when cleared. */
export type MemoryVerdict = 'helpful' | 'not_helpful';
export type MemoryOrigin = 'answer' | 'manual';

export type MemoryRemembered = {
  type: 'MemoryRemembered';
  data: { user_id: string; memory_key: string; content: string; origin: MemoryOrigin; from_entry_uuid: string | null; remembered_at: string };
};
export type MemoryEdited = { type: 'MemoryEdited'; data: { user_id: string; memory_key: string; content: string; edited_at: string } };
export type MemoryForgotten = { type: 'MemoryForgotten'; data: { user_id: string; memory_key: string; forgotten_at: string } };
export type AllMemoriesForgotten = { type: 'AllMemoriesForgotten'; data: { user_id: string; forgotten_at: string } };
export type MemoryFeedbackGiven = {
  type: 'MemoryFeedbackGiven';
  data: {
    user_id: string;
    memory_key: string;
    verdict: MemoryVerdict | null;
    should_forget: boolean;
    /** The detailed feedback, when this is one: a preset reason or 'comment'. */
    feedback_type: MemoryFeedbackType | null;
    comment: string | null;
    /** The answer entry the feedback was given from, when it was. */
    feedback_entry_uuid: string | null;
    given_at: string;
  };
};
export type MemoriesSwitched = { type: 'MemoriesSwitched'; data: { user_id: string; enabled: boolean; switched_at: string } };

export type MemoryEvent = MemoryRemembered | MemoryEdited | MemoryForgotten | AllMemoriesForgotten | MemoryFeedbackGiven | MemoriesSwitched;

export const MEMORY_EVENTS = [
  'MemoryRemembered',
  'MemoryEdited',
  'MemoryForgotten',
  'AllMemoriesForgotten',
  'MemoryFeedbackGiven',
  'MemoriesSwitched',
] as const satisfies readonly MemoryEvent['type'][];

export const memoriesStream = (userId: string) => `memories-${userId}`;

export type MemoryState = { content: string; verdict: MemoryVerdict | null; should_forget: boolean };
export type MemoriesState = {
  memories: Readonly<Record<string, MemoryState>>;
  enabled: boolean;
  /** Every turn of the switch, oldest first: a question is judged by the switch when it was asked. */
  switches: readonly { enabled: boolean; at: string }[];
};
/** Memories are on until the person turns them off. */
export const initialMemories: MemoriesState = { memories: {}, enabled: true, switches: [] };

/** Whether memories were on at a moment (on before any turn of the switch). */
export function enabledAt(state: MemoriesState, at: string) {
  const t = Date.parse(at);
  return state.switches.findLast((s) => Date.parse(s.at) <= t)?.enabled ?? true;
}

export function evolveMemories(state: MemoriesState, event: StoredEvent | MemoryEvent): MemoriesState {
  const e = event as MemoryEvent;
  switch (e.type) {
    case 'MemoryRemembered':
      return { ...state, memories: { ...state.memories, [e.data.memory_key]: { content: e.data.content, verdict: null, should_forget: false } } };
    case 'MemoryEdited': {
      const m = state.memories[e.data.memory_key];
      return m ? { ...state, memories: { ...state.memories, [e.data.memory_key]: { ...m, content: e.data.content } } } : state;
    }
    case 'MemoryForgotten': {
      const { [e.data.memory_key]: _gone, ...memories } = state.memories;
      return { ...state, memories };
    }
    case 'AllMemoriesForgotten':
      return { ...state, memories: {} };
    case 'MemoryFeedbackGiven': {
      const m = state.memories[e.data.memory_key];
      if (!m) return state;
      return { ...state, memories: { ...state.memories, [e.data.memory_key]: { ...m, verdict: e.data.verdict, should_forget: e.data.should_forget } } };
    }
    case 'MemoriesSwitched':
      return { ...state, enabled: e.data.enabled, switches: [...state.switches, { enabled: e.data.enabled, at: e.data.switched_at }] };
    default:
      return state;
  }
}

/** A memory answers may use: not marked not helpful, not to be forgotten. */
export const usable = (m: Pick<MemoryState, 'verdict' | 'should_forget'>) => m.verdict !== 'not_helpful' && !m.should_forget;
