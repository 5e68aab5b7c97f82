// The Space calls that span Spaces, threads and files, composed here where all three are known
// (docs/architecture.md): creating a Space from a thread, deleting a Space with its threads and
// files, and listing a Space's threads (or the caller's Bookmarks) with their bookmark state.
import type { DomainRoutes } from '../http/handler.js';
import { actorOf, createSpace, requireActor, respondWithSpace, spaceErrors, spaceFor, templateFor } from '../spaces/index.js';
import { assertMovableThread, moveThreadIntoSpace, summaryView } from '../threads/index.js';
import { deleteSpace } from './delete-space.js';
import { spaceThreads } from './space-threads.js';

export const spaceCompositeRoutes = {
  async createCollection({ actor: requestActor, body }, ctx) {
    const actor = await requireActor(requestActor);
    const template = templateFor(body.template_id);
    // Thread-linked creation: a thread that cannot move in stops the creation before it starts.
    if (body.entry_uuid) await assertMovableThread(ctx, requestActor, body.entry_uuid);
    const uuid = await createSpace(ctx, actor, body, template);
    if (body.entry_uuid) await moveThreadIntoSpace(ctx, requestActor, { entryUuid: body.entry_uuid, collectionUuid: uuid, actor, articleMode: false });
    return { status: 201, body: await respondWithSpace(ctx, uuid, actor) };
  },

  async deleteCollection({ actor: requestActor, path }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, owner } = await spaceFor(ctx, path.collection_uuid, actor);
    await deleteSpace(ctx, space.uuid, actor, owner);
    return { status: 204 };
  },

  async listCollectionThreads({ actor: requestActor, query }, ctx) {
    const limit = Number(query.limit ?? 20);
    const offset = Number(query.offset ?? 0);
    const collectionUuid = query.collection_uuid;
    const actor = await actorOf(requestActor);
    if (!collectionUuid && !actor) throw spaceErrors.bookmarksLoginRequired();
    const page = await spaceThreads(ctx, { collectionUuid, actor, limit, offset });
    return { status: 200, body: { items: page.rows.map(summaryView), total: page.total } };
  },
} satisfies DomainRoutes;
