// Deleting a Space: its threads leave it first (each on its own stream, so their access resets
// by the usual rule), its files are deleted, then the Space is deleted. Stopped halfway, the Space still exists with
// fewer threads and deleting again finishes the job.
import type { AppContext } from '../shared/context.js';
import { decideRemoveFromSpace } from '../threads/space-decide.js';
import { decideAndAppend } from '../threads/use-cases.js';
import { decideDelete, permissionIn, type Actor, type OwnerFacts } from './decide.js';
import { spaceState, decideSpace } from './use-cases.js';
import { isOwnerLevel } from './access-levels.js';
import { spaceErrors } from './errors.js';
import { deleteAllFiles } from '../files/manage-use-cases.js';

export async function deleteSpace(ctx: AppContext, uuid: string, actor: Actor, owner: OwnerFacts) {
  // The owner check runs before any thread is touched.
  if (!isOwnerLevel(permissionIn(await spaceState(ctx.store, uuid), actor, owner).level)) throw spaceErrors.notSpaceOwner();
  const threads = await ctx.db.selectFrom('threads').select('context_uuid').where('collection_uuid', '=', uuid).execute();
  const viewer = { user_id: actor.user_id, visitor_ids: [] };
  for (const t of threads)
    await decideAndAppend(ctx.store, t.context_uuid, (state) => ({
      events: decideRemoveFromSpace(state, { viewer, collection_uuid: uuid, spaceAdmin: true, now: ctx.now() }),
      result: undefined,
    }));
  await deleteAllFiles(ctx, { type: 'COLLECTION', owner_id: uuid }, actor.user_id);
  await decideSpace(ctx.store, uuid, (state) => decideDelete(state, { actor, owner, now: ctx.now() }));
}
