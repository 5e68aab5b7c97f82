// Answers streaming right now, kept outside React so a stream survives the move from
// /search/new to /search/{slug} and double effects never ask twice: each stream has a key (the
// stream id of /search/new, a client id for follow-ups, or the backend_uuid of a resumed entry),
// and starting a key that exists does nothing.
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { stopEntry } from '../../../../generated/react-query/threads/threads';
import { ApiError } from '../../app/api-fetch';
import { askQuestion, streamEntryEvents, type AnswerEvent, type AskBody, type StreamSource } from './answer-stream';

export type LiveStatus = 'pending' | 'completed' | 'failed' | 'stopped';
export type LiveEntry = {
  key: string;
  query_str: string;
  context_uuid?: string;
  backend_uuid?: string;
  thread_url_slug?: string;
  model?: string;
  status: LiveStatus;
  answer: string;
  sources: StreamSource[];
  related_questions: string[];
  error: string | null;
  /** Order among live entries, for follow-ups not yet in the loaded thread. */
  started: number;
};

type Running = { controller: AbortController; lastEventId?: string; queryClient?: QueryClient };

let entries: Record<string, LiveEntry> = {};
const running = new Map<string, Running>();
const listeners = new Set<() => void>();
let counter = 0;

const emit = () => listeners.forEach((l) => l());
const update = (key: string, patch: Partial<LiveEntry> | ((e: LiveEntry) => Partial<LiveEntry>)) => {
  const current = entries[key];
  if (!current) return;
  entries = { ...entries, [key]: { ...current, ...(typeof patch === 'function' ? patch(current) : patch) } };
  emit();
};

export const STREAM_ERROR = 'Something went wrong while answering. Try again.';

/** Refetch the thread and the library once an answer has ended (or its thread exists). */
const refresh = (queryClient?: QueryClient) =>
  queryClient?.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/rest/thread') });

function apply(key: string, event: AnswerEvent) {
  switch (event.type) {
    case 'thread':
      return update(key, {
        context_uuid: event.data.context_uuid,
        backend_uuid: event.data.backend_uuid,
        thread_url_slug: event.data.thread_url_slug,
        model: event.data.model,
      });
    case 'sources':
      return update(key, { sources: event.data.sources });
    case 'delta':
      return update(key, (e) => ({ answer: e.answer + event.data.text }));
    case 'related':
      return update(key, { related_questions: event.data.questions });
    case 'completed':
      return update(key, { status: event.data.status });
    case 'failed':
      return update(key, { status: 'failed', error: event.data.detail ?? event.data.error });
  }
}

/** Reads events until the answer ends; a dropped connection resumes after the last event id. */
async function run(key: string, first: () => Promise<AsyncIterable<AnswerEvent>>) {
  const r = running.get(key)!;
  let open = first;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const stream = await open();
      for await (const event of stream) {
        if (event.id !== undefined) r.lastEventId = event.id;
        const isFirstThread = event.type === 'thread' && !entries[key]?.thread_url_slug;
        apply(key, event);
        if (isFirstThread) void refresh(r.queryClient);
        if (event.type === 'completed' || event.type === 'failed') break;
      }
    } catch (error) {
      if (r.controller.signal.aborted) return;
      if (error instanceof ApiError) {
        update(key, {
          status: 'failed',
          error: error.status === 403 && error.code === 'thread_private' ? 'This answer is private.' : (error.problem.detail ?? STREAM_ERROR),
        });
        break;
      }
    }
    if (r.controller.signal.aborted || entries[key]?.status !== 'pending') break;
    const backend = entries[key]?.backend_uuid;
    if (!backend) break;
    open = () => streamEntryEvents(backend, r.lastEventId, r.controller.signal);
  }
  if (r.controller.signal.aborted) return;
  if (entries[key]?.status === 'pending') update(key, { status: 'failed', error: STREAM_ERROR });
  running.delete(key);
  void refresh(r.queryClient);
}

function begin(
  key: string,
  init: Omit<LiveEntry, 'key' | 'status' | 'answer' | 'sources' | 'related_questions' | 'error' | 'started'>,
  queryClient?: QueryClient,
) {
  if (entries[key]) return false;
  entries = { ...entries, [key]: { key, status: 'pending', answer: '', sources: [], related_questions: [], error: null, started: ++counter, ...init } };
  running.set(key, { controller: new AbortController(), queryClient });
  emit();
  return true;
}

/** Asks (once per key): a new thread, or a follow-up when `body.context_uuid` is set. */
export function startAsk(key: string, body: AskBody, queryClient?: QueryClient) {
  if (!begin(key, { query_str: body.query_str, context_uuid: body.context_uuid }, queryClient)) return;
  void run(key, () => askQuestion(body, running.get(key)!.controller.signal));
}

/** Follows a pending entry loaded from the server (after a reload mid-answer) from its first event. */
export function resumeEntry(entry: { backend_uuid: string; query_str: string; context_uuid: string }, queryClient?: QueryClient) {
  const key = entry.backend_uuid;
  if (!begin(key, { query_str: entry.query_str, backend_uuid: entry.backend_uuid, context_uuid: entry.context_uuid }, queryClient)) return;
  void run(key, () => streamEntryEvents(key, undefined, running.get(key)!.controller.signal));
}

/** Stops the entry on the server, then keeps what arrived; the refetch brings the final text. */
export async function stopLive(key: string) {
  const entry = entries[key];
  if (!entry?.backend_uuid || entry.status !== 'pending') return;
  await stopEntry(entry.backend_uuid);
  const r = running.get(key);
  r?.controller.abort();
  running.delete(key);
  update(key, { status: 'stopped' });
  void refresh(r?.queryClient);
}

export const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (+c ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+c / 4)))).toString(16));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useLiveEntries() {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}

/** For tests: forget every stream. */
export function resetLiveAnswers() {
  running.forEach((r) => r.controller.abort());
  running.clear();
  entries = {};
  emit();
}
