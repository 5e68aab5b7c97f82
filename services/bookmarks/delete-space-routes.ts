// Deleting a Space over HTTP. It takes the Space's threads out and deletes its files before the
// Space itself; files sit above threads and Spaces, so this call stays above all three, with
// deleteSpace (delete-space.ts), which deleting an account (rights) runs too.
import type { DomainRoutes } from '../http/handler.js';
import { requireActor, spaceFor } from '../spaces/index.js';
import { deleteSpace } from './delete-space.js';

export const deleteSpaceRoutes = {
  async deleteCollection({ actor: requestActor, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await deleteSpace(ctx, space.uuid, actor, owner);
    return { status: 204 };
  },
} satisfies DomainRoutes;
