// Organisation use cases: read the stream, decide, append with the expected version; a racing
// append is retried on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { evolveOrg, initialOrg, orgStream, type OrgState } from './events.js';

const MAX_ATTEMPTS = 5;

export async function decideOrg(store: EventStore, orgUuid: string, decide: (state: OrgState) => NewEvent[]): Promise<NewEvent[]> {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(orgStream(orgUuid), initialOrg, evolveOrg);
    const events = decide(state);
    try {
      if (events.length) await store.append(orgStream(orgUuid), version, events);
      return events;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export async function orgState(store: EventStore, orgUuid: string) {
  return (await store.aggregate(orgStream(orgUuid), initialOrg, evolveOrg)).state;
}
