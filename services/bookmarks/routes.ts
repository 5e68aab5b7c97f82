// The collection calls, each one operation for both kinds of collection: the default Bookmarks
// collection (upsert_type "bookmark", or no collection_uuid) is bookmarks' own; a Space's half
// (new_collection_uuid / collection_uuid) is spaces' handler (spaces/thread-routes.ts), which
// checks the Space and has threads move the thread. Registered here, where both are known.
import { type ThreadsContext, threadErrors, findThreadRow, readableThread, threadResponse, summaryView } from '../threads/index.js';
import type { DomainRoutes } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import { spaceCollectionHalves, spaceErrors, type SpacesContext } from '../spaces/index.js';
import { BOOKMARKS_COLLECTION } from './collection.js';
import { bookmarkErrors } from './errors.js';
import { bookmarkStateOf, readableBookmarks } from './queries.js';
import { bookmarkThread, unbookmarkThread } from './use-cases.js';

const signedIn = signedInOr(bookmarkErrors.loginRequired);

export const collectionRoutes = {
  async upsertCollectionEntry(input, ctx) {
    if (input.body.new_collection_uuid) return spaceCollectionHalves.upsertCollectionEntry(input, ctx);
    const { actor, body } = input;
    const userId = await signedIn(actor);
    if (body.upsert_type !== 'bookmark') throw bookmarkErrors.missingTarget();
    // The thread if the caller may read it: 404 / 403 exactly as getThread.
    const { thread, claimed, isOwner } = await readableThread(ctx, body.entry_uuid, actor);
    await bookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    const bookmark_state = await bookmarkStateOf(ctx.db, userId, thread);
    // A bookmark changes nothing of the thread: the row read above is the thread now.
    const after = body.return_thread ? { bookmark_state, thread: await threadResponse(ctx, thread, { claimed, isOwner, actor }) } : { bookmark_state };
    return { status: 200, body: { ...after, updated_collection: BOOKMARKS_COLLECTION } };
  },

  async removeCollectionEntry(input, ctx) {
    if (input.query.collection_uuid) return spaceCollectionHalves.removeCollectionEntry(input, ctx);
    const { actor, query } = input;
    const userId = await signedIn(actor);
    // Taking one's own bookmark away needs no read access: the thread may have turned private since.
    const thread = await findThreadRow(ctx.db, String(query.entry_uuid));
    if (!thread) throw threadErrors.threadNotFound();
    await unbookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    return { status: 200, body: { bookmark_state: await bookmarkStateOf(ctx.db, userId, thread), updated_collection: BOOKMARKS_COLLECTION } };
  },

  async listCollectionThreads(input, ctx) {
    if (input.query.collection_uuid) return spaceCollectionHalves.listCollectionThreads(input, ctx);
    const { actor, query } = input;
    const limit = Number(query.limit ?? 20);
    const offset = Number(query.offset ?? 0);
    if (!(await actor.userId())) throw spaceErrors.bookmarksLoginRequired();
    const page = await readableBookmarks(ctx.db, actor, { limit, offset });
    return { status: 200, body: { items: page.rows.map(summaryView), total: page.total } };
  },
} satisfies DomainRoutes<ThreadsContext & SpacesContext>;
