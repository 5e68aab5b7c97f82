// The memories' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction). Two changes of one person at
// once (a thumbs-down and the reason chosen right after it, or an extraction meanwhile) each
// decide again on the fresh state, a bounded number of times, rather than refuse the second.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent, type Trx } from '../eventstore/types.js';
import { evolveMemories, initialMemories, type MemoriesState, memoriesStream } from './events.js';

const MAX_ATTEMPTS = 5;

/** Decides against the person's memories as their events say, and appends what it decided. */
export async function changeMemories<E extends NewEvent>(store: EventStore, userId: string, decide: (state: MemoriesState) => E[], trx?: Trx) {
  const stream = memoriesStream(userId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(stream, initialMemories, evolveMemories, trx);
    const events = decide(state);
    if (!events.length) return events;
    try {
      await store.append(stream, version, events, trx);
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}
