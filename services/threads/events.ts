// A thread and its entries as events, one stream per thread. Payloads are plain data.
import type { StoredEvent } from '../eventstore/types.js';
import type { WebFilters } from './web-filters.js';

export type SourceData = {
  url: string;
  name: string;
  snippet: string;
  meta_data?: {
    domain_name?: string;
    published_date?: string | null;
    file_uuid?: string;
    page?: number | null;
    generated_file_title?: string;
    /** A connector's passage: the connector (seed 001's connection_type), its authors, and a synced file's address at its source. */
    connection_type?: string;
    authors?: string[];
    connection_file_url?: string | null;
  };
  /** A file's passage: which repository and type of file it came from; a connector's: which connector. */
  file_metadata?: { file_repository_type?: 'USER' | 'ORG' | 'COLLECTION'; file_type?: string; connector_type?: string };
  /** One of the asker's memories (its url ends with the memory's key), and when it was remembered. */
  is_memory?: boolean;
  is_conversation_history?: boolean;
  timestamp?: string;
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
    /** A fork: the thread this one was copied from (EntryCopied events follow); absent otherwise. */
    forked_from?: string | null;
  };
};
export type QuestionAsked = {
  type: 'QuestionAsked';
  data: {
    context_uuid: string;
    backend_uuid: string;
    query_str: string;
    search_mode: SearchMode;
    model: string;
    asked_at: string;
    /** Set when asked from the assistant browser (ask-client.ts); absent otherwise and in older events. */
    client?: AskClient;
    /** The question's web search filters (search-filters.ts); absent when it had none and in older events. */
    search_filters?: WebFilters;
    /** Asked as a Research report, admitted before this was recorded; absent otherwise and in older events. */
    research_report?: true;
  };
};
/** Who asked, when it is not the web app: the assistant browser. */
export type AskClient = 'assistant_browser';
export type AnswerSourcesFound = { type: 'AnswerSourcesFound'; data: { backend_uuid: string; sources: SourceData[]; found_at: string } };
/** Marks that text generation began: a second start means the first was cut off by a crash. */
export type AnswerGenerationStarted = { type: 'AnswerGenerationStarted'; data: { backend_uuid: string; started_at: string } };
/** The steps of a Pro Search answer (its searches, the pages read, the time taken), recorded once before its sources. */
export type ProSearchStepsRecorded = { type: 'ProSearchStepsRecorded'; data: { backend_uuid: string; steps: ProSearchStepsData; recorded_at: string } };
export type ProSearchStepsData = {
  queries: string[];
  sources_read: number;
  pages: { url: string; title: string }[];
  duration_ms: number;
  planner: 'model' | 'offline';
};
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

export type ThreadAccessChanged = {
  type: 'ThreadAccessChanged';
  data: { context_uuid: string; thread_access: ThreadAccess; previous_access: ThreadAccess; changed_by: string; changed_at: string };
};
export type ThreadExpiryRemoved = { type: 'ThreadExpiryRemoved'; data: { context_uuid: string; removed_by: string; removed_at: string } };
export type ThreadAccessRequested = {
  type: 'ThreadAccessRequested';
  data: { context_uuid: string; request_id: string; requester_user_id: string; requested_at: string };
};
export type ThreadAccessGranted = { type: 'ThreadAccessGranted'; data: { context_uuid: string; request_id: string; user_id: string; granted_at: string } };
export type ThreadAccessDeclined = { type: 'ThreadAccessDeclined'; data: { context_uuid: string; request_id: string; user_id: string; declined_at: string } };
/** The owner removed sources from a finished answer; `answer` and `sources` are the result. */
export type EntrySourcesRemoved = {
  type: 'EntrySourcesRemoved';
  data: { backend_uuid: string; removed_urls: string[]; answer: string; sources: SourceData[]; removed_at: string };
};

/** The thread entered a Space (from the one it was in, if any: a ThreadRemovedFromSpace comes first). */
export type ThreadAddedToSpace = { type: 'ThreadAddedToSpace'; data: { context_uuid: string; collection_uuid: string; added_by: string; added_at: string } };
export type ThreadRemovedFromSpace = {
  type: 'ThreadRemovedFromSpace';
  data: { context_uuid: string; collection_uuid: string; removed_by: string; removed_at: string };
};

/** The owner gave the thread a new title (trimmed, 1 to MAX_TITLE_LENGTH characters). */
export type ThreadRenamed = {
  type: 'ThreadRenamed';
  data: { context_uuid: string; title: string; previous_title: string; renamed_by: string | null; renamed_at: string };
};
/**
 * A fork's entry: a finished answer of the thread it was copied from, as its reader saw it (a
 * source they could not read stays out), under a new backend_uuid. Not a question asked: nothing
 * is searched or generated, and no one is counted as having asked.
 */
export type EntryCopied = {
  type: 'EntryCopied';
  data: {
    context_uuid: string;
    backend_uuid: string;
    copied_from: string;
    query_str: string;
    search_mode: SearchMode;
    model: string;
    answer: string;
    sources: SourceData[];
    related_questions: string[];
    copied_at: string;
  };
};

/** The owner deleted the thread: it leaves every read model, and nothing changes it afterwards. */
export type ThreadDeleted = { type: 'ThreadDeleted'; data: { context_uuid: string; deleted_by: string | null; deleted_at: string } };

export type ThreadEvent =
  | ThreadStarted
  | ThreadRenamed
  | ThreadDeleted
  | ThreadAddedToSpace
  | ThreadRemovedFromSpace
  | ThreadAccessChanged
  | ThreadExpiryRemoved
  | ThreadAccessRequested
  | ThreadAccessGranted
  | ThreadAccessDeclined
  | EntrySourcesRemoved
  | QuestionAsked
  | EntryCopied
  | AnswerSourcesFound
  | ProSearchStepsRecorded
  | AnswerGenerationStarted
  | AnswerStopRequested
  | AnswerCompleted
  | AnswerStopped
  | AnswerFailed;

export const THREAD_EVENT_TYPES = [
  'ThreadStarted',
  'QuestionAsked',
  'AnswerSourcesFound',
  'ProSearchStepsRecorded',
  'AnswerGenerationStarted',
  'AnswerStopRequested',
  'AnswerCompleted',
  'AnswerStopped',
  'AnswerFailed',
  'ThreadAccessChanged',
  'ThreadExpiryRemoved',
  'ThreadAccessRequested',
  'ThreadAccessGranted',
  'ThreadAccessDeclined',
  'EntrySourcesRemoved',
  'ThreadAddedToSpace',
  'ThreadRemovedFromSpace',
  'ThreadRenamed',
  'ThreadDeleted',
  'EntryCopied',
] as const;

export const threadStream = (contextUuid: string) => `thread-${contextUuid}`;

export type EntryState = {
  backend_uuid: string;
  status: 'pending' | 'completed' | 'failed' | 'stopped';
  answer: string;
  sources: SourceData[] | null;
  /** A Pro Search's steps, once recorded (absent: none yet, or a quick answer). */
  pro_search_steps?: ProSearchStepsData;
  generation_started: boolean;
  stop_requested: boolean;
};
export type AccessRequestState = { requester_user_id: string; status: 'requested' | 'granted' | 'declined' };
export type ThreadState = {
  /** The thread as started (with its current title); null before it starts and after it is deleted. */
  started: ThreadStarted['data'] | null;
  /** Deleted: every rule then treats the thread as gone (started is null), and it can't start again. */
  deleted: boolean;
  entries: Record<string, EntryState>;
  /** The current access and expiry (started's values until they change). */
  thread_access: ThreadAccess | null;
  expiry_time: string | null;
  requests: Record<string, AccessRequestState>;
  /** Users the owner let in. */
  readers: string[];
  /** The Space the thread is in. */
  collection_uuid: string | null;
};
export const initialThread: ThreadState = {
  started: null,
  deleted: false,
  entries: {},
  thread_access: null,
  expiry_time: null,
  requests: {},
  readers: [],
  collection_uuid: null,
};

export function evolveThread(state: ThreadState, event: StoredEvent): ThreadState {
  const e = { type: event.type, data: event.data } as ThreadEvent;
  switch (e.type) {
    case 'ThreadStarted':
      return { ...state, started: e.data, thread_access: e.data.thread_access, expiry_time: e.data.expiry_time };
    case 'ThreadAccessChanged':
      return { ...state, thread_access: e.data.thread_access };
    case 'ThreadExpiryRemoved':
      return { ...state, expiry_time: null };
    case 'ThreadAccessRequested':
      return { ...state, requests: { ...state.requests, [e.data.request_id]: { requester_user_id: e.data.requester_user_id, status: 'requested' } } };
    case 'ThreadAccessGranted':
      return {
        ...state,
        requests: { ...state.requests, [e.data.request_id]: { requester_user_id: e.data.user_id, status: 'granted' } },
        readers: state.readers.includes(e.data.user_id) ? state.readers : [...state.readers, e.data.user_id],
      };
    case 'ThreadAccessDeclined':
      return { ...state, requests: { ...state.requests, [e.data.request_id]: { requester_user_id: e.data.user_id, status: 'declined' } } };
    case 'ThreadAddedToSpace':
      return { ...state, collection_uuid: e.data.collection_uuid };
    case 'ThreadRemovedFromSpace':
      return state.collection_uuid === e.data.collection_uuid ? { ...state, collection_uuid: null } : state;
    case 'ThreadRenamed':
      return state.started ? { ...state, started: { ...state.started, title: e.data.title } } : state;
    case 'ThreadDeleted':
      return { ...state, started: null, deleted: true };
  }
  if (e.type === 'EntryCopied') {
    const entry: EntryState = {
      backend_uuid: e.data.backend_uuid,
      status: 'completed',
      answer: e.data.answer,
      sources: e.data.sources,
      generation_started: true,
      stop_requested: false,
    };
    return { ...state, entries: { ...state.entries, [entry.backend_uuid]: entry } };
  }
  if (e.type === 'QuestionAsked') {
    const entry: EntryState = {
      backend_uuid: e.data.backend_uuid,
      status: 'pending',
      answer: '',
      sources: null,
      generation_started: false,
      stop_requested: false,
    };
    return { ...state, entries: { ...state.entries, [entry.backend_uuid]: entry } };
  }
  const current = state.entries[e.data.backend_uuid];
  if (!current) return state;
  const next = { ...current };
  if (e.type === 'AnswerSourcesFound') next.sources = e.data.sources;
  else if (e.type === 'ProSearchStepsRecorded') next.pro_search_steps = e.data.steps;
  else if (e.type === 'AnswerGenerationStarted') next.generation_started = true;
  else if (e.type === 'AnswerStopRequested') next.stop_requested = true;
  else if (e.type === 'AnswerCompleted') Object.assign(next, { status: 'completed', answer: e.data.answer });
  else if (e.type === 'AnswerStopped') Object.assign(next, { status: 'stopped', answer: e.data.answer });
  else if (e.type === 'AnswerFailed') Object.assign(next, { status: 'failed', answer: e.data.answer });
  else if (e.type === 'EntrySourcesRemoved') Object.assign(next, { answer: e.data.answer, sources: e.data.sources });
  return { ...state, entries: { ...state.entries, [next.backend_uuid]: next } };
}
