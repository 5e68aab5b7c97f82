// Thread use cases: read the stream, decide, append with the expected version. A racing append
// (a stop while the answer finishes) is retried on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import {
  decideAsk,
  decideFinish,
  decideSources,
  decideStartGeneration,
  decideStop,
  type AskCommand,
  type Outcome,
  type Viewer,
} from './decide.js';
import { evolveThread, initialThread, threadStream, type SourceData, type ThreadState } from './events.js';

const MAX_ATTEMPTS = 5;

export async function decideAndAppend<R>(store: EventStore, contextUuid: string, decide: (state: ThreadState) => { events: NewEvent[]; result: R }): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(threadStream(contextUuid), initialThread, evolveThread);
    const { events, result } = decide(state);
    try {
      if (events.length) await store.append(threadStream(contextUuid), version, events);
      return result;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export function askInThread(store: EventStore, cmd: AskCommand, isNew: boolean) {
  return decideAndAppend(store, cmd.context_uuid, (state) => {
    const events = decideAsk(state, cmd, isNew);
    return { events, result: { thread: state.started ?? (events[0].data as NonNullable<ThreadState['started']>) } };
  });
}

/** Returns the sources the entry has: these, or the ones a first attempt recorded. */
export function recordSources(store: EventStore, contextUuid: string, backendUuid: string, sources: SourceData[], now: Date) {
  return decideAndAppend(store, contextUuid, (state) => {
    const events = decideSources(state, backendUuid, sources, now);
    return { events, result: { sources: events.length ? sources : (state.entries[backendUuid].sources ?? []), recorded: events.length > 0 } };
  });
}

export function startGeneration(store: EventStore, contextUuid: string, backendUuid: string, now: Date) {
  return decideAndAppend(store, contextUuid, (state) => {
    const { events, interrupted, ended } = decideStartGeneration(state, backendUuid, now);
    // Whether a stop came before the writing began, from the state just read.
    return { events, result: { interrupted, ended, stopRequested: !!state.entries[backendUuid]?.stop_requested } };
  });
}

export function requestStop(store: EventStore, contextUuid: string, backendUuid: string, viewer: Viewer, now: Date) {
  return decideAndAppend(store, contextUuid, (state) => ({ events: decideStop(state, backendUuid, viewer, now), result: undefined }));
}

/** Whether someone asked to stop this entry. */
export async function stopRequested(store: EventStore, contextUuid: string, backendUuid: string) {
  const { state } = await store.aggregate(threadStream(contextUuid), initialThread, evolveThread);
  return !!state.entries[backendUuid]?.stop_requested;
}

/** Ends the entry; false when it had already ended (the first outcome stands). */
export function finishEntry(store: EventStore, contextUuid: string, backendUuid: string, outcome: Outcome, now: Date) {
  return decideAndAppend(store, contextUuid, (state) => {
    const events = decideFinish(state, backendUuid, outcome, now);
    return { events, result: events.length > 0 };
  });
}
