// Deleting a Space: its threads leave it first (each on its own stream, so their access resets
// by the usual rule), its files are deleted, then the Space is deleted. Stopped halfway, the Space still exists with
// fewer threads and deleting again finishes the job.
import { type Actor, factsFor, type SignedInFacts } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { deleteAllFiles } from '../files/index.js';
import { decideAndAppend, decideRemoveFromSpace, threadsInSpace } from '../threads/index.js';
import { decideDelete, permissionIn, type OwnerFacts, spaceState, decideSpace, isOwnerLevel, spaceErrors, requireActor, spaceFor } from '../spaces/index.js';

/** The request's actor deletes the Space `key` (404 unless they may see it, 403 unless they own it). */
export async function deleteSpaceBy(ctx: KernelContext, actor: Actor, key: string) {
  const who = await requireActor(actor);
  const { space, owner } = await spaceFor(ctx, key, who);
  await deleteSpace(ctx, space.uuid, who, owner);
}

/** Deleting a Space for someone whose facts are known (the request's caller, or an account being deleted). */
export async function deleteSpace(ctx: KernelContext, uuid: string, actor: SignedInFacts, owner: OwnerFacts) {
  // The owner check runs before any thread is touched.
  if (!isOwnerLevel(permissionIn(await spaceState(ctx.store, uuid), actor, owner).level)) throw spaceErrors.notSpaceOwner();
  const threads = await threadsInSpace(ctx.db, uuid);
  const viewer = factsFor(actor.user_id);
  for (const contextUuid of threads)
    await decideAndAppend(ctx.store, contextUuid, (state) => ({
      events: decideRemoveFromSpace(state, { viewer, collection_uuid: uuid, spaceAdmin: true, now: ctx.now() }),
      result: undefined,
    }));
  await deleteAllFiles(ctx, { type: 'COLLECTION', owner_id: uuid }, actor.user_id);
  await decideSpace(ctx.store, uuid, (state) => decideDelete(state, { actor, owner, now: ctx.now() }));
}
