// The memories' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction). Two changes of one person at
// once (a thumbs-down and the reason chosen right after it, or an extraction meanwhile) each
// decide again on the fresh state, a bounded number of times, rather than refuse the second.
import type { EventStore } from '../eventstore/store.js';
import { changeStream } from '../eventstore/change.js';
import type { NewEvent, Trx } from '../eventstore/types.js';
import { evolveMemories, initialMemories, type MemoriesState, memoriesStream } from './events.js';

/** Decides against the person's memories as their events say, and appends what it decided. */
export function changeMemories<E extends NewEvent>(store: EventStore, userId: string, decide: (state: MemoriesState) => E[], trx?: Trx) {
  return changeStream(store, { stream: memoriesStream(userId), initial: initialMemories, evolve: evolveMemories }, decide, { trx });
}
