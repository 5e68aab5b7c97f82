// The rules of threads: who may ask and stop, what a new thread starts as, and that an entry
// ends exactly once. Pure: the clock, ids and slug are passed in.
import type { ActorFacts } from '../shared/actor.js';
import type { WebFilters } from './web-filters.js';
import { threadErrors } from './errors.js';
import { OFFLINE_MODEL } from '../shared/answer-models.js';
import type {
  AskClient,
  AnswerCompleted,
  AnswerFailed,
  AnswerGenerationStarted,
  AnswerSourcesFound,
  AnswerStopped,
  AnswerStopRequested,
  ProSearchStepsData,
  ProSearchStepsRecorded,
  QuestionAsked,
  SearchMode,
  SourceData,
  ThreadAccess,
  ThreadAddedToSpace,
  ThreadStarted,
  ThreadState,
} from './events.js';

/** The longest question, in characters (the spec's AskRequest.query_str maxLength). */
export const MAX_QUERY_LENGTH = 2000;
/** An anonymous visitor's thread is removed after this long unless an account claims it. */
export const ANONYMOUS_THREAD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether `viewer` (the signed-in user, or the visitor ids whose work they own) owns the thread. */
export function isOwner(thread: ThreadStarted['data'], viewer: ActorFacts) {
  if (thread.owner_user_id) return thread.owner_user_id === viewer.user_id;
  if (!thread.owner_visitor_id || !viewer.visitor_ids.includes(thread.owner_visitor_id)) return false;
  return !!viewer.user_id || !viewer.claimed_at || Date.parse(thread.started_at) >= Date.parse(viewer.claimed_at);
}

export type AskCommand = {
  context_uuid: string;
  backend_uuid: string;
  /** Used only when the thread is new. */
  thread_url_slug: string;
  frontend_context_uuid: string | null;
  query_str: string;
  search_mode: SearchMode;
  incognito: boolean;
  model: string;
  /** The signed-in user, or null with the visitor id that will own the thread. */
  asker: ActorFacts & { visitor_id: string };
  /** A new thread asked in a Space the asker writes to starts in it, with this access. */
  space?: { collection_uuid: string; thread_access: ThreadAccess } | null;
  /** The assistant browser, when it asked (for the attribution of its first and third question). */
  client?: AskClient | null;
  /** The question's web search filters, checked (search-filters.ts); none: unfiltered. */
  search_filters?: WebFilters;
  /** A Research report, admitted before the question is recorded. */
  research_report?: boolean;
  now: Date;
};

export function normalizeQuery(query: string) {
  const q = query.trim();
  if (!q) throw threadErrors.queryBlank();
  if (q.length > MAX_QUERY_LENGTH) throw threadErrors.queryTooLong(MAX_QUERY_LENGTH);
  return q;
}

/** Starts a thread (state empty and new) or continues one the asker owns. */
export function decideAsk(state: ThreadState, cmd: AskCommand, isNew: boolean): (ThreadStarted | ThreadAddedToSpace | QuestionAsked)[] {
  const query = normalizeQuery(cmd.query_str);
  const asked: QuestionAsked = {
    type: 'QuestionAsked',
    data: {
      context_uuid: cmd.context_uuid,
      backend_uuid: cmd.backend_uuid,
      query_str: query,
      search_mode: cmd.search_mode,
      model: cmd.model,
      asked_at: cmd.now.toISOString(),
      ...(cmd.client ? { client: cmd.client } : {}),
      ...(cmd.search_filters ? { search_filters: cmd.search_filters } : {}),
      ...(cmd.research_report ? { research_report: true as const } : {}),
    },
  };
  if (!isNew) {
    const thread = state.started;
    if (!thread || isExpired(thread, cmd.now)) throw threadErrors.threadNotFound();
    if (!isOwner(thread, cmd.asker)) throw threadErrors.notOwnerToContinue();
    // An entry is asked once: a second QuestionAsked for it would say two questions at one place.
    if (state.entries[cmd.backend_uuid]) throw threadErrors.entryExists();
    return [asked];
  }
  // A deleted thread's id stays used: it never starts again.
  if (state.started || state.deleted) throw threadErrors.threadExists();
  const anonymous = !cmd.asker.user_id;
  const started: ThreadStarted = {
    type: 'ThreadStarted',
    data: {
      context_uuid: cmd.context_uuid,
      thread_url_slug: cmd.thread_url_slug,
      frontend_context_uuid: cmd.frontend_context_uuid,
      title: query.length > 100 ? `${query.slice(0, 99)}…` : query,
      owner_user_id: cmd.asker.user_id,
      owner_visitor_id: anonymous ? cmd.asker.visitor_id : null,
      thread_access: cmd.space && cmd.asker.user_id ? cmd.space.thread_access : 'private read',
      incognito: cmd.incognito,
      expiry_time: anonymous ? new Date(cmd.now.getTime() + ANONYMOUS_THREAD_TTL_MS).toISOString() : null,
      started_at: cmd.now.toISOString(),
    },
  };
  if (!cmd.space || !cmd.asker.user_id) return [started, asked];
  const added: ThreadAddedToSpace = {
    type: 'ThreadAddedToSpace',
    data: { context_uuid: cmd.context_uuid, collection_uuid: cmd.space.collection_uuid, added_by: cmd.asker.user_id, added_at: cmd.now.toISOString() },
  };
  return [started, added, asked];
}

/**
 * A rewrite (asking an entry's question again) that would add the same answer: the entry was
 * answered by the offline model, which answers it again, and it ended with an answer. The
 * offline model quotes the same sentences for the same question; it would be an identical copy.
 */
export function decideRewrite(previous: { status: string; model: string | null } | undefined, model: string): 'unchanged' | 'ask' {
  if (!previous) throw threadErrors.entryNotFound();
  return previous.status === 'completed' && previous.model === OFFLINE_MODEL && model === OFFLINE_MODEL ? 'unchanged' : 'ask';
}

export function isExpired(thread: ThreadStarted['data'], now: Date) {
  return !!thread.expiry_time && Date.parse(thread.expiry_time) <= now.getTime();
}

function entryOf(state: ThreadState, backendUuid: string) {
  const entry = state.entries[backendUuid];
  if (!entry) throw threadErrors.entryNotFound();
  return entry;
}

/** Recorded once; a retried step finds them recorded and gets them back from the state. */
export function decideSources(state: ThreadState, backendUuid: string, sources: SourceData[], now: Date): AnswerSourcesFound[] {
  const entry = entryOf(state, backendUuid);
  // The thread was deleted while its answer was written: nothing more is recorded.
  if (state.deleted || entry.sources || entry.status !== 'pending') return [];
  return [{ type: 'AnswerSourcesFound', data: { backend_uuid: backendUuid, sources, found_at: now.toISOString() } }];
}

/** A Pro Search's steps are recorded once, while its entry is pending and has no sources yet. */
export function decideProSearchSteps(state: ThreadState, backendUuid: string, steps: ProSearchStepsData, now: Date): ProSearchStepsRecorded[] {
  const entry = entryOf(state, backendUuid);
  if (state.deleted || entry.pro_search_steps || entry.sources || entry.status !== 'pending') return [];
  return [{ type: 'ProSearchStepsRecorded', data: { backend_uuid: backendUuid, steps, recorded_at: now.toISOString() } }];
}

/**
 * `interrupted`: generation had already started once, so the process writing it died (its text
 * was only in the live stream); the caller fails the entry instead of writing it twice.
 */
export function decideStartGeneration(
  state: ThreadState,
  backendUuid: string,
  now: Date,
): { events: AnswerGenerationStarted[]; interrupted: boolean; ended: boolean } {
  const entry = entryOf(state, backendUuid);
  if (state.deleted || entry.status !== 'pending') return { events: [], interrupted: false, ended: true };
  if (entry.generation_started) return { events: [], interrupted: true, ended: false };
  return {
    events: [{ type: 'AnswerGenerationStarted', data: { backend_uuid: backendUuid, started_at: now.toISOString() } }],
    interrupted: false,
    ended: false,
  };
}

export function decideStop(state: ThreadState, backendUuid: string, viewer: ActorFacts, now: Date): AnswerStopRequested[] {
  if (state.deleted) throw threadErrors.threadNotFound();
  const entry = entryOf(state, backendUuid);
  if (!state.started || !isOwner(state.started, viewer)) throw threadErrors.notOwnerToStop();
  if (entry.status !== 'pending' || entry.stop_requested) return [];
  return [{ type: 'AnswerStopRequested', data: { backend_uuid: backendUuid, requested_at: now.toISOString() } }];
}

export type Outcome =
  | { kind: 'completed'; answer: string; related_questions: string[] }
  | { kind: 'stopped'; answer: string }
  | { kind: 'failed'; answer: string; detail: string };

/** An entry ends once: the first outcome wins, later ones change nothing (nor any once its thread is deleted). */
export function decideFinish(state: ThreadState, backendUuid: string, outcome: Outcome, now: Date): (AnswerCompleted | AnswerStopped | AnswerFailed)[] {
  const entry = entryOf(state, backendUuid);
  if (state.deleted || entry.status !== 'pending') return [];
  const at = now.toISOString();
  if (outcome.kind === 'completed')
    return [
      { type: 'AnswerCompleted', data: { backend_uuid: backendUuid, answer: outcome.answer, related_questions: outcome.related_questions, completed_at: at } },
    ];
  if (outcome.kind === 'stopped') return [{ type: 'AnswerStopped', data: { backend_uuid: backendUuid, answer: outcome.answer, stopped_at: at } }];
  return [{ type: 'AnswerFailed', data: { backend_uuid: backendUuid, answer: outcome.answer, error: 'stream error', detail: outcome.detail, failed_at: at } }];
}
