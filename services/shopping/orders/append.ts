// Read a stream, decide, append with the expected version; a racing writer makes it decide again
// on the fresh state, a bounded number of times.
import type { EventStore } from '../../eventstore/store.js';
import { ConcurrencyError, type NewEvent, type StoredEvent } from '../../eventstore/types.js';

const MAX_ATTEMPTS = 5;

export async function decideAndAppend<S>(
  store: EventStore,
  stream: string,
  initial: S,
  evolve: (s: S, e: StoredEvent) => S,
  decide: (state: S) => NewEvent[],
): Promise<S> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(stream, initial, evolve);
    const events = decide(state);
    if (events.length === 0) return state;
    try {
      await store.append(stream, version, events);
      return state;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}
