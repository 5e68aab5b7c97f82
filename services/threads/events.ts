// A thread and its entries as events, one stream per thread. Payloads are plain data.
import type { StoredEvent } from '../eventstore/types.js';

export type SourceData = {
  url: string;
  name: string;
  snippet: string;
  meta_data?: { domain_name?: string; published_date?: string | null };
};
export type ThreadAccess = 'owner-only' | 'private read' | 'collection read' | 'org read' | 'public read';
export type SearchMode = 'auto' | 'web' | 'help';

export type ThreadStarted = {
  type: 'ThreadStarted';
  data: {
    context_uuid: string;
    thread_url_slug: string;
    frontend_context_uuid: string | null;
    title: string;
    owner_user_id: string | null;
    owner_visitor_id: string | null;
    thread_access: ThreadAccess;
    incognito: boolean;
    expiry_time: string | null;
    started_at: string;
  };
};
export type QuestionAsked = {
  type: 'QuestionAsked';
  data: { context_uuid: string; backend_uuid: string; query_str: string; search_mode: SearchMode; model: string; asked_at: string };
};
export type AnswerSourcesFound = { type: 'AnswerSourcesFound'; data: { backend_uuid: string; sources: SourceData[]; found_at: string } };
/** Marks that text generation began: a second start means the first was cut off by a crash. */
export type AnswerGenerationStarted = { type: 'AnswerGenerationStarted'; data: { backend_uuid: string; started_at: string } };
export type AnswerStopRequested = { type: 'AnswerStopRequested'; data: { backend_uuid: string; requested_at: string } };
export type AnswerCompleted = {
  type: 'AnswerCompleted';
  data: { backend_uuid: string; answer: string; related_questions: string[]; completed_at: string };
};
export type AnswerStopped = { type: 'AnswerStopped'; data: { backend_uuid: string; answer: string; stopped_at: string } };
export type AnswerFailed = {
  type: 'AnswerFailed';
  data: { backend_uuid: string; answer: string; error: 'stream error'; detail: string; failed_at: string };
};

export type ThreadEvent =
  | ThreadStarted
  | QuestionAsked
  | AnswerSourcesFound
  | AnswerGenerationStarted
  | AnswerStopRequested
  | AnswerCompleted
  | AnswerStopped
  | AnswerFailed;

export const THREAD_EVENT_TYPES = [
  'ThreadStarted',
  'QuestionAsked',
  'AnswerSourcesFound',
  'AnswerGenerationStarted',
  'AnswerStopRequested',
  'AnswerCompleted',
  'AnswerStopped',
  'AnswerFailed',
] as const;

export const threadStream = (contextUuid: string) => `thread-${contextUuid}`;

export type EntryState = {
  backend_uuid: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  sources: SourceData[] | null;
  generation_started: boolean;
  stop_requested: boolean;
};
export type ThreadState = { started: ThreadStarted['data'] | null; entries: Record<string, EntryState> };
export const initialThread: ThreadState = { started: null, entries: {} };

export function evolveThread(state: ThreadState, event: StoredEvent): ThreadState {
  const e = { type: event.type, data: event.data } as ThreadEvent;
  if (e.type === 'ThreadStarted') return { ...state, started: e.data };
  if (e.type === 'QuestionAsked') {
    const entry: EntryState = { backend_uuid: e.data.backend_uuid, status: 'pending', sources: null, generation_started: false, stop_requested: false };
    return { ...state, entries: { ...state.entries, [entry.backend_uuid]: entry } };
  }
  const current = state.entries[e.data.backend_uuid];
  if (!current) return state;
  const next = { ...current };
  if (e.type === 'AnswerSourcesFound') next.sources = e.data.sources;
  else if (e.type === 'AnswerGenerationStarted') next.generation_started = true;
  else if (e.type === 'AnswerStopRequested') next.stop_requested = true;
  else if (e.type === 'AnswerCompleted') next.status = 'completed';
  else if (e.type === 'AnswerStopped') next.status = 'stopped';
  else if (e.type === 'AnswerFailed') next.status = 'failed';
  return { ...state, entries: { ...state.entries, [next.backend_uuid]: next } };
}
