// The memories' use cases: read the person's stream, decide, append with the expected version
// (the projection writes the read model in the same transaction). Two changes of one person at
// once (a thumbs-down and the reason chosen right after it, or an extraction meanwhile) each
// decide again on the fresh state, a bounded number of times, rather than refuse the second.
import type { EventStore } from '../eventstore/store.js';
import type { ActingUser, Actor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { memoryErrors } from './errors.js';
import { changeStream } from '../eventstore/change.js';
import type { NewEvent, Trx } from '../eventstore/types.js';
import { evolveMemories, initialMemories, type MemoriesState, memoriesStream } from './events.js';

/** Decides against the person's memories as their events say, and appends what it decided. */
export function changeMemories<E extends NewEvent>(store: EventStore, userId: string, decide: (state: MemoriesState) => E[], trx?: Trx) {
  return changeStream(store, { stream: memoriesStream(userId), initial: initialMemories, evolve: evolveMemories }, decide, { trx });
}

/** The request's actor changes their own memories: a visitor is asked to sign in. */
export async function changeOwnMemories<E extends NewEvent>(
  ctx: Pick<KernelContext, 'store' | 'now'>,
  actor: Actor,
  decide: (state: MemoriesState, who: ActingUser) => E[],
) {
  const userId = await actor.userId();
  if (!userId) throw memoryErrors.unauthenticated();
  return changeMemories(ctx.store, userId, (state) => decide(state, { userId, now: ctx.now() }));
}
