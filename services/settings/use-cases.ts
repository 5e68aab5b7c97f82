// The settings' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction).
import type { EventStore } from '../eventstore/store.js';
import type { NewEvent } from '../eventstore/types.js';
import { type AccountSettingsState, accountSettingsStream, evolveAccountSettings, initialAccountSettings } from './events.js';

/** Decides against the person's settings as their events say, and appends what it decided. */
export async function changeSettings<E extends NewEvent>(store: EventStore, userId: string, decide: (state: AccountSettingsState) => E[]) {
  const stream = accountSettingsStream(userId);
  const { state, version } = await store.aggregate(stream, initialAccountSettings, evolveAccountSettings);
  const events = decide(state);
  if (events.length) await store.append(stream, version, events);
  return events;
}
