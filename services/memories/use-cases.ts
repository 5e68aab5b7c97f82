// The memories' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction).
import type { EventStore } from '../eventstore/store.js';
import type { NewEvent, Trx } from '../eventstore/types.js';
import { evolveMemories, initialMemories, type MemoriesState, memoriesStream } from './events.js';

/** Decides against the person's memories as their events say, and appends what it decided. */
export async function changeMemories<E extends NewEvent>(store: EventStore, userId: string, decide: (state: MemoriesState) => E[], trx?: Trx) {
  const stream = memoriesStream(userId);
  const { state, version } = await store.aggregate(stream, initialMemories, evolveMemories, trx);
  const events = decide(state);
  if (events.length) await store.append(stream, version, events, trx);
  return events;
}
