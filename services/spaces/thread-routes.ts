// The Space calls that reach a Space's threads: creating a Space from a thread, moving a thread
// in and out, and listing a Space's threads. Spaces checks the Space (one read of it) and hands
// the thread's part to threads through its port (context.ts), so a move goes one way: the Space,
// then the thread, then the log. The collection calls that also serve the Bookmarks collection
// are registered by bookmarks, which hands their Space half to `spaceCollectionHalves`.
import type { DomainRoutes } from '../http/handler.js';
import { isAdminCapable } from './access-levels.js';
import { actorOf, requireActor, spaceToAddThreadsTo, visibleSpace } from './access.js';
import type { SpacesContext } from './context.js';
import { createSpace, templateFor } from './create-use-case.js';
import type { SpaceRow } from './queries.js';
import { respondWithSpace } from './space-view.js';

/** What the Space looks like to the caller, in the short form of updated_collection. */
const spaceRef = (space: SpaceRow, level: number) => ({
  uuid: space.uuid,
  title: space.title,
  emoji: space.emoji,
  slug: space.slug,
  access: space.access,
  user_permission: level,
});

export const spaceThreadRoutes = {
  async createCollection({ actor, body }, ctx) {
    // Signed in first: a visitor is told so before anything of the template or the thread.
    await requireActor(actor);
    const template = templateFor(body.template_id);
    // Thread-linked creation: a thread that cannot move in stops the creation before it starts.
    const move = body.entry_uuid ? await ctx.spaceThreads.movable(actor, body.entry_uuid) : null;
    const uuid = await createSpace(ctx, actor, body, template);
    // The creator owns the new Space: nothing of it to check before the thread moves in.
    await move?.into(uuid, { articleMode: false });
    return { status: 201, body: await respondWithSpace(ctx, uuid, actor) };
  },
} satisfies DomainRoutes<SpacesContext>;

/** The Space half of the collection calls (new_collection_uuid / collection_uuid given). */
export const spaceCollectionHalves = {
  async upsertCollectionEntry({ actor: requestActor, body }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, level } = await spaceToAddThreadsTo(ctx.db, body.new_collection_uuid!, actor);
    const move = await ctx.spaceThreads.movable(requestActor, body.entry_uuid);
    const shownIn = body.return_thread ? { uuid: space.uuid, slug: space.slug, title: space.title, emoji: space.emoji } : undefined;
    const moved = await move.into(space.uuid, { articleMode: !!body.article_mode, shownIn });
    return { status: 200, body: { ...moved, updated_collection: spaceRef(space, level) } };
  },

  async removeCollectionEntry({ actor: requestActor, query }, ctx) {
    const actor = await requireActor(requestActor);
    const { space, level } = await visibleSpace(ctx.db, query.collection_uuid!, actor);
    const spaceAdmin = isAdminCapable(level);
    const { bookmark_state } = await ctx.spaceThreads.takeOut(requestActor, { entryUuid: String(query.entry_uuid), spaceUuid: space.uuid, spaceAdmin });
    return { status: 200, body: { bookmark_state, updated_collection: spaceRef(space, level) } };
  },

  async listCollectionThreads({ actor: requestActor, query }, ctx) {
    const limit = Number(query.limit ?? 20);
    const offset = Number(query.offset ?? 0);
    const actor = await actorOf(requestActor);
    const { space, readable } = await visibleSpace(ctx.db, query.collection_uuid!, actor);
    // Invited only: the Space is there for them, its threads not yet.
    if (!readable) return { status: 200, body: { items: [], total: 0 } };
    return { status: 200, body: await ctx.spaceThreads.page(space.uuid, actor?.user_id ?? null, { limit, offset }) };
  },
} satisfies DomainRoutes<SpacesContext>;
