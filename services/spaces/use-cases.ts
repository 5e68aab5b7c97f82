// Space use cases: read the Space's stream, decide, append with the expected version; a racing
// append is retried on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { evolveSpace, initialSpace, spaceStream, type SpaceState } from './events.js';

const MAX_ATTEMPTS = 5;

export async function decideSpace(store: EventStore, uuid: string, decide: (state: SpaceState) => NewEvent[]): Promise<NewEvent[]> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(spaceStream(uuid), initialSpace, evolveSpace);
    const events = decide(state);
    try {
      if (events.length) await store.append(spaceStream(uuid), version, events);
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export async function spaceState(store: EventStore, uuid: string) {
  return (await store.aggregate(spaceStream(uuid), initialSpace, evolveSpace)).state;
}
