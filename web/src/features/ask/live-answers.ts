// Answers streaming right now, kept in the TanStack Query cache under ['live-answer', key]: the
// key is the stream id of /search/new, a client id for a follow-up, or the backend_uuid of a
// resumed entry. The ask box starts an answer and the new-thread and thread pages read it from
// the cache, so a stream survives the move from /search/new to /search/{slug}, and starting a
// key that is already there does nothing (double effects never ask twice). Each stream's
// runner (its AbortController and last event id) belongs to its QueryClient; removing the
// query, as sign-out does, stops the stream.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { stopEntry } from '../../../../generated/react-query/threads/threads';
import { ApiError } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { askQuestion, streamEntryEvents, type AnswerEvent, type AskBody, type StreamSource } from './answer-stream';
import { questionProblem } from './question-limit';
import { FILTER_PROBLEM_CODES } from './search-filters';
import type { AnswerDepth, ProSearchLimit, ProSearchSteps, SearchFilters } from '../../../../generated/sdk/types.gen';

export type LiveStatus = 'pending' | 'completed' | 'failed' | 'stopped';
export type LiveEntry = {
  key: string;
  query_str: string;
  context_uuid?: string;
  backend_uuid?: string;
  thread_url_slug?: string;
  model?: string;
  /** The search filters the question is answered with (the `thread` event's). */
  search_filters?: SearchFilters;
  status: LiveStatus;
  answer: string;
  sources: StreamSource[];
  related_questions: string[];
  error: string | null;
  /** What the engine is doing while no text has come ("Reading 6 sources"), from its `status` events. */
  progress?: string;
  /** Asked as a Research report (answer_depth `research`). */
  research?: boolean;
  /** The problem's code when the server refused the question before answering it. */
  error_code?: string;
  /** The depth the answer is written at, and why not Pro when Pro was asked (the `thread` event's). */
  answer_depth?: AnswerDepth;
  pro_search_limit?: ProSearchLimit;
  /** A Pro Search's searches while it runs (its `status` events), then its kept steps (`pro_search`). */
  pro_search_queries?: string[];
  pro_search_steps?: ProSearchSteps;
  /** Order among live entries, for follow-ups not yet in the loaded thread. */
  started: number;
};

const LIVE = 'live-answer';
export const liveAnswerKey = (key: string) => [LIVE, key] as const;

type Running = { controller: AbortController; lastEventId?: string };
const runnersByClient = new WeakMap<QueryClient, Map<string, Running>>();
let order = 0;

/** The client's runners; the first call keeps live answers for the session and stops a stream whose query is removed. */
function runners(client: QueryClient) {
  const map = runnersByClient.get(client);
  if (map) return map;
  const created = new Map<string, Running>();
  runnersByClient.set(client, created);
  client.setQueryDefaults([LIVE], { gcTime: Infinity, staleTime: Infinity });
  client.getQueryCache().subscribe((e) => {
    if (e.type !== 'removed' || e.query.queryKey[0] !== LIVE) return;
    const key = String(e.query.queryKey[1]);
    created.get(key)?.controller.abort();
    created.delete(key);
  });
  return created;
}

const read = (client: QueryClient, key: string) => client.getQueryData<LiveEntry>(liveAnswerKey(key));
const update = (client: QueryClient, key: string, patch: Partial<LiveEntry> | ((e: LiveEntry) => Partial<LiveEntry>)) => {
  const current = read(client, key);
  if (!current) return;
  client.setQueryData<LiveEntry>(liveAnswerKey(key), { ...current, ...(typeof patch === 'function' ? patch(current) : patch) });
};

export const STREAM_ERROR = 'Something went wrong while answering. Try again.';

/** Refetch the thread and the library once an answer has ended (or its thread exists). */
const refresh = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/rest/thread') });

function apply(client: QueryClient, key: string, event: AnswerEvent) {
  switch (event.type) {
    case 'thread':
      return update(client, key, {
        context_uuid: event.data.context_uuid,
        backend_uuid: event.data.backend_uuid,
        thread_url_slug: event.data.thread_url_slug,
        model: event.data.model,
        search_filters: event.data.search_filters,
        answer_depth: event.data.answer_depth,
        pro_search_limit: event.data.pro_search_limit,
      });
    case 'status':
      return update(client, key, { progress: event.data.text, ...(event.data.queries ? { pro_search_queries: event.data.queries } : {}) });
    case 'pro_search':
      return update(client, key, { pro_search_steps: event.data });
    case 'sources':
      return update(client, key, { sources: event.data.sources });
    case 'delta':
      return update(client, key, (e) => ({ answer: e.answer + event.data.text }));
    case 'related':
      return update(client, key, { related_questions: event.data.questions });
    case 'completed':
      return update(client, key, { status: event.data.status });
    case 'failed':
      return update(client, key, { status: 'failed', error: event.data.detail ?? event.data.error });
  }
}

/** The words for a refusal before the stream: the product's, never a validator's. */
function refusal(error: ApiError, question: string) {
  if (error.status === 403 && error.code === 'thread_private') return 'This answer is private.';
  if (error.status === 400 && error.code && FILTER_PROBLEM_CODES.has(error.code)) return error.problem.detail ?? STREAM_ERROR;
  if (error.status === 400) return questionProblem(question) ?? STREAM_ERROR;
  return error.problem.detail ?? STREAM_ERROR;
}

/** Reads events until the answer ends; a dropped connection resumes after the last event id. */
async function run(client: QueryClient, key: string, first: () => Promise<AsyncIterable<AnswerEvent>>) {
  const r = runners(client).get(key)!;
  let open = first;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const stream = await open();
      for await (const event of stream) {
        if (event.id !== undefined) r.lastEventId = event.id;
        const isFirstThread = event.type === 'thread' && !read(client, key)?.thread_url_slug;
        apply(client, key, event);
        if (isFirstThread) void refresh(client);
        if (event.type === 'completed' || event.type === 'failed') break;
      }
    } catch (error) {
      if (r.controller.signal.aborted) return;
      // A rewrite that would add the same answer adds nothing: the server says why, and so does the page.
      if (error instanceof ApiError && error.code === 'rewrite_unchanged') {
        toast(error.problem.detail ?? 'Rewriting gives the same answer.', { duration: TOAST_DURATION.sticky });
        client.removeQueries({ queryKey: liveAnswerKey(key), exact: true });
        return;
      }
      if (error instanceof ApiError) {
        update(client, key, (e) => ({ status: 'failed', error: refusal(error, e.query_str), ...(error.code ? { error_code: error.code } : {}) }));
        break;
      }
    }
    if (r.controller.signal.aborted || read(client, key)?.status !== 'pending') break;
    const backend = read(client, key)?.backend_uuid;
    if (!backend) break;
    open = () => streamEntryEvents(backend, r.lastEventId, r.controller.signal);
  }
  if (r.controller.signal.aborted) return;
  if (read(client, key)?.status === 'pending') update(client, key, { status: 'failed', error: STREAM_ERROR });
  runners(client).delete(key);
  void refresh(client);
}

function begin(
  client: QueryClient,
  key: string,
  init: Omit<LiveEntry, 'key' | 'status' | 'answer' | 'sources' | 'related_questions' | 'error' | 'started'>,
): Running | null {
  const map = runners(client);
  if (read(client, key)) return null;
  const running: Running = { controller: new AbortController() };
  map.set(key, running);
  client.setQueryData<LiveEntry>(liveAnswerKey(key), {
    key,
    status: 'pending',
    answer: '',
    sources: [],
    related_questions: [],
    error: null,
    started: ++order,
    ...init,
  });
  return running;
}

/** Asks (once per key): a new thread, or a follow-up when `body.context_uuid` is set. */
export function startAsk(client: QueryClient, key: string, body: AskBody) {
  const running = begin(client, key, {
    query_str: body.query_str,
    context_uuid: body.context_uuid,
    ...(body.answer_depth === 'research' ? { research: true } : {}),
  });
  if (running) void run(client, key, () => askQuestion(body, running.controller.signal));
}

/** Follows a pending entry loaded from the server (after a reload mid-answer) from its first event. */
export function resumeEntry(client: QueryClient, entry: { backend_uuid: string; query_str: string; context_uuid: string }) {
  const key = entry.backend_uuid;
  const running = begin(client, key, { query_str: entry.query_str, backend_uuid: entry.backend_uuid, context_uuid: entry.context_uuid });
  if (running) void run(client, key, () => streamEntryEvents(key, undefined, running.controller.signal));
}

/** Stops the entry on the server, then keeps what arrived; the refetch brings the final text. */
export async function stopLive(client: QueryClient, key: string) {
  const entry = read(client, key);
  if (!entry?.backend_uuid || entry.status !== 'pending') return;
  await stopEntry(entry.backend_uuid);
  const map = runners(client);
  map.get(key)?.controller.abort();
  map.delete(key);
  update(client, key, { status: 'stopped' });
  void refresh(client);
}

export const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16));

/** Every live answer in this client's cache, by key; a new object only when one changed. */
export function useLiveEntries(): Record<string, LiveEntry> {
  const cache = useQueryClient().getQueryCache();
  const last = useRef<Record<string, LiveEntry>>({});
  const subscribe = useCallback((onChange: () => void) => cache.subscribe((e) => e.query.queryKey[0] === LIVE && onChange()), [cache]);
  const snapshot = () => {
    const next: Record<string, LiveEntry> = {};
    for (const q of cache.findAll({ queryKey: [LIVE] })) {
      const data = q.state.data as LiveEntry | undefined;
      if (data) next[data.key] = data;
    }
    const prev = last.current;
    const keys = Object.keys(next);
    const same = keys.length === Object.keys(prev).length && keys.every((k) => prev[k] === next[k]);
    if (!same) last.current = next;
    return last.current;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
