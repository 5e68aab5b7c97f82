// A change to a Space by the request's actor: the Space as they see it (404 unless they may see
// it), its owner's facts, then the rule and the append with the expected version.
import type { Actor, SignedInFacts } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import type { NewEvent } from '../eventstore/types.js';
import { requireActor } from './access.js';
import type { OwnerFacts } from './decide.js';
import { spaceErrors } from './errors.js';
import type { SpaceState } from './events.js';
import { spaceFor } from './space-view.js';
import { decideSpace } from './use-cases.js';

/** What every rule on a Space decides with: who acts, the Space's owner, and when. */
export type SpaceCommand = { actor: SignedInFacts; owner: OwnerFacts; now: Date };

export async function changeSpace(ctx: KernelContext, actor: Actor, key: string, decide: (state: SpaceState, cmd: SpaceCommand) => NewEvent[]) {
  const who = await requireActor(actor);
  const { space, owner } = await spaceFor(ctx, key, who);
  await decideSpace(ctx.store, space.uuid, (state) => decide(state, { actor: who, owner, now: ctx.now() }));
  return space;
}

/** Accepting an invitation needs a verified address, checked before the Space is looked up: the same answer for every Space. */
export async function acceptInvite(ctx: KernelContext, actor: Actor, key: string, decide: (state: SpaceState, cmd: SpaceCommand) => NewEvent[]) {
  if (!(await requireActor(actor)).email) throw spaceErrors.emailNotVerified();
  return changeSpace(ctx, actor, key, decide);
}
