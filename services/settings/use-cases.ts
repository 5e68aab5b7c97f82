// The settings' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction).
import type { EventStore } from '../eventstore/store.js';
import type { ActingUser, Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { settingsErrors } from './errors.js';
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

/** The request's actor changes their own settings: a visitor is asked to sign in. */
export async function changeOwnSettings<E extends NewEvent>(
  ctx: Pick<KernelContext, 'store' | 'now'>,
  actor: Actor,
  decide: (state: AccountSettingsState, who: ActingUser) => E[],
) {
  const userId = await actor.userId();
  if (!userId) throw settingsErrors.unauthenticated();
  return changeSettings(ctx.store, userId, (state) => decide(state, { userId, now: ctx.now() }));
}
