// Deleting a Space over HTTP. It takes the Space's threads out and deletes its files before the
// Space itself; files sit above threads and Spaces, so this call stays above all three, with
// deleteSpace (delete-space.ts), which deleting an account (rights) runs too.
import type { DomainRoutes } from '../http/handler.js';
import { deleteSpaceBy } from './delete-space.js';

export const deleteSpaceRoutes = {
  async deleteCollection({ actor, path }, ctx) {
    await deleteSpaceBy(ctx, actor, path.collection_uuid);
    return { status: 204 };
  },
} satisfies DomainRoutes;
