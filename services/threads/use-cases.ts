// Thread use cases: read the stream, decide, append with the expected version. A racing append
// (a stop while the answer finishes) is retried on the fresh state, a bounded number of times.
import { LRUCache } from 'lru-cache';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { decideAsk, decideFinish, decideProSearchSteps, decideSources, decideStartGeneration, decideStop, type AskCommand, type Outcome } from './decide.js';
import type { Actor } from '../shared/actor.js';
import { evolveThread, initialThread, threadStream, type ProSearchStepsData, type SourceData, type ThreadState } from './events.js';

const MAX_ATTEMPTS = 5;

/** A thread's state at a version, as last read or written here. */
export type ThreadCursor = { state: ThreadState; version: number };

export async function decideAndAppend<R>(
  store: EventStore,
  contextUuid: string,
  decide: (state: ThreadState) => { events: NewEvent[]; result: R },
): Promise<R> {
  return (await decideAndAppendFrom(store, contextUuid, decide)).result;
}

/**
 * Like decideAndAppend, but may start from `known` (a state this process just read or wrote)
 * instead of reading the stream: the append's expected version still guards it, and a stale
 * state only costs the read it would have made anyway. Returns the state after the append.
 * A decision with no events is not checked, so pass `known` only to deciders whose "nothing to
 * do" stays true as the thread moves on (an entry that has its sources, or has ended, keeps so).
 */
export async function decideAndAppendFrom<R>(
  store: EventStore,
  contextUuid: string,
  decide: (state: ThreadState) => { events: NewEvent[]; result: R },
  known?: ThreadCursor,
): Promise<{ result: R; cursor: ThreadCursor }> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = attempt === 1 && known ? known : await store.aggregate(threadStream(contextUuid), initialThread, evolveThread);
    const { events, result } = decide(state);
    try {
      if (!events.length) return { result, cursor: { state, version } };
      const appended = await store.append(threadStream(contextUuid), version, events);
      return { result, cursor: { state: appended.events.reduce(evolveThread, state), version: appended.nextVersion } };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

// The thread as an ask just left it, for the answer workflow that starts next in this process:
// its first step then need not read the stream again. Taken once; bounded, since a workflow may
// run elsewhere (a recovery) and never take its entry here.
const askedThreads = new LRUCache<string, ThreadCursor>({ max: 1000 });

/** The thread as the ask of entry `backendUuid` left it here, if it did; once. */
export function takeAskedThread(backendUuid: string) {
  const cursor = askedThreads.get(backendUuid);
  askedThreads.delete(backendUuid);
  return cursor;
}

/** A new thread's stream is empty: its first append needs no read (a clash still is one). */
export async function askInThread(store: EventStore, cmd: AskCommand, isNew: boolean) {
  const { result, cursor } = await decideAndAppendFrom(
    store,
    cmd.context_uuid,
    (state) => {
      const events = decideAsk(state, cmd, isNew);
      return { events, result: { thread: state.started ?? (events[0].data as NonNullable<ThreadState['started']>) } };
    },
    isNew ? { state: initialThread, version: 0 } : undefined,
  );
  askedThreads.set(cmd.backend_uuid, cursor);
  return result;
}

/** Returns the sources the entry has: these, or the ones a first attempt recorded. */
export async function recordSources(store: EventStore, contextUuid: string, backendUuid: string, sources: SourceData[], now: Date, known?: ThreadCursor) {
  const { result, cursor } = await decideAndAppendFrom(
    store,
    contextUuid,
    (state) => {
      const events = decideSources(state, backendUuid, sources, now);
      return { events, result: { sources: events.length ? sources : (state.entries[backendUuid].sources ?? []), recorded: events.length > 0 } };
    },
    known,
  );
  return { ...result, cursor };
}

/** Records a Pro Search's steps once; `recorded` is false when they were already (a retried step) or the entry moved on. */
export async function recordProSearchSteps(
  store: EventStore,
  contextUuid: string,
  backendUuid: string,
  steps: ProSearchStepsData,
  now: Date,
  known?: ThreadCursor,
) {
  const { result, cursor } = await decideAndAppendFrom(
    store,
    contextUuid,
    (state) => {
      const events = decideProSearchSteps(state, backendUuid, steps, now);
      return { events, result: { recorded: events.length > 0, steps: state.entries[backendUuid]?.pro_search_steps ?? steps } };
    },
    known,
  );
  return { ...result, cursor };
}

/**
 * `record: false` for an answer written whole at once and shown only once its entry has ended:
 * a cut-off attempt showed nothing, so it needs no mark and simply runs again.
 */
export async function startGeneration(store: EventStore, contextUuid: string, backendUuid: string, now: Date, known?: ThreadCursor, opts = { record: true }) {
  const { result, cursor } = await decideAndAppendFrom(
    store,
    contextUuid,
    (state) => {
      const { events, interrupted, ended } = decideStartGeneration(state, backendUuid, now);
      // Whether a stop came before the writing began, from the state just read.
      return { events: opts.record ? events : [], result: { interrupted, ended, stopRequested: !!state.entries[backendUuid]?.stop_requested } };
    },
    known,
  );
  return { ...result, cursor };
}

export async function requestStop(store: EventStore, contextUuid: string, backendUuid: string, actor: Actor, now: Date) {
  const viewer = await actor.facts();
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideStop(state, backendUuid, viewer, now), result: undefined }));
}

/** Whether someone asked to stop this entry. */
export async function stopRequested(store: EventStore, contextUuid: string, backendUuid: string) {
  const { state } = await store.aggregate(threadStream(contextUuid), initialThread, evolveThread);
  return !!state.entries[backendUuid]?.stop_requested;
}

/**
 * Ends the entry; false when it had already ended (the first outcome stands). `sources`, when
 * given, are recorded in the same append, unless the entry has some already.
 */
export async function finishEntry(
  store: EventStore,
  contextUuid: string,
  backendUuid: string,
  outcome: Outcome,
  now: Date,
  known?: ThreadCursor,
  sources?: SourceData[],
) {
  const { result } = await decideAndAppendFrom(
    store,
    contextUuid,
    (state) => {
      const finished = decideFinish(state, backendUuid, outcome, now);
      const events = finished.length && sources ? [...decideSources(state, backendUuid, sources, now), ...finished] : finished;
      return { events, result: finished.length > 0 };
    },
    known,
  );
  return result;
}
