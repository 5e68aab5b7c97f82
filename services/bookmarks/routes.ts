// The collection helpers' upsert and remove of an entry: the default Bookmarks collection
// (upsert_type "bookmark", or no collection_uuid) or a Space (new_collection_uuid /
// collection_uuid), answering with where the thread now is.
import type { Actor } from '../shared/actor.js';
import {
  type ThreadsContext,
  moveThreadIntoSpace,
  takeThreadOutOfSpace,
  threadErrors,
  findThreadRow,
  readableThread,
  viewer,
  type Who,
  threadResponse,
} from '../threads/index.js';
import type { DomainRoutes } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import { requireActor } from '../spaces/index.js';
import { BOOKMARKS_COLLECTION } from './collection.js';
import { bookmarkErrors } from './errors.js';
import { bookmarkStateOf } from './queries.js';
import { bookmarkThread, unbookmarkThread } from './use-cases.js';
import { crossRead } from '../db/cross-read.js';

const signedIn = signedInOr(bookmarkErrors.loginRequired);

/** The thread of `key` if the caller may read it: 404 / 403 exactly as getThread. */
async function readable(actor: Actor, ctx: ThreadsContext, key: string) {
  const who = await viewer(ctx, actor);
  return { who, ...(await readableThread(ctx, key, who)) };
}

/** What the Space looks like to the caller, in the short form of updated_collection. */
const spaceRef = (space: { uuid: string; title: string; emoji: string; slug: string; access: number }, level: number) => ({
  uuid: space.uuid,
  title: space.title,
  emoji: space.emoji,
  slug: space.slug,
  access: space.access,
  user_permission: level,
});

/** The thread's bookmark state and, when asked, the thread itself, after the change. */
async function threadAfter(ctx: ThreadsContext, contextUuid: string, who: Who, withThread: boolean) {
  const thread = (await findThreadRow(ctx.db, contextUuid))!;
  const bookmark_state = await bookmarkStateOf(ctx.db, who.user_id, thread);
  if (!withThread) return { bookmark_state };
  const { claimed, isOwner } = await readableThread(ctx, contextUuid, who);
  return { bookmark_state, thread: await threadResponse(ctx, thread, { claimed, isOwner, who }) };
}

export const collectionRoutes = {
  async upsertCollectionEntry({ actor: requestActor, body }, ctx) {
    if (body.new_collection_uuid) {
      const actor = await requireActor(requestActor);
      const moved = await moveThreadIntoSpace(ctx, requestActor, {
        entryUuid: body.entry_uuid,
        collectionUuid: body.new_collection_uuid,
        actor,
        articleMode: !!body.article_mode,
      });
      const after = await threadAfter(ctx, moved.contextUuid, moved.who, !!body.return_thread);
      const space = await crossRead(ctx.db).selectFrom('spaces').selectAll().where('uuid', '=', moved.space.uuid).executeTakeFirstOrThrow();
      return { status: 200, body: { ...after, updated_collection: spaceRef(space, moved.level) } };
    }
    const userId = await signedIn(requestActor);
    if (body.upsert_type !== 'bookmark') throw bookmarkErrors.missingTarget();
    const { who, thread } = await readable(requestActor, ctx, body.entry_uuid);
    await bookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    return { status: 200, body: { ...(await threadAfter(ctx, thread.context_uuid, who, !!body.return_thread)), updated_collection: BOOKMARKS_COLLECTION } };
  },

  async removeCollectionEntry({ actor: requestActor, query }, ctx) {
    const entryUuid = String(query.entry_uuid);
    const collectionUuid = query.collection_uuid;
    if (collectionUuid) {
      const actor = await requireActor(requestActor);
      const moved = await takeThreadOutOfSpace(ctx, requestActor, { entryUuid, collectionUuid, actor });
      const space = await crossRead(ctx.db).selectFrom('spaces').selectAll().where('uuid', '=', moved.space.uuid).executeTakeFirstOrThrow();
      const thread = (await findThreadRow(ctx.db, moved.contextUuid))!;
      return { status: 200, body: { bookmark_state: await bookmarkStateOf(ctx.db, actor.user_id, thread), updated_collection: spaceRef(space, moved.level) } };
    }
    const userId = await signedIn(requestActor);
    // Taking one's own bookmark away needs no read access: the thread may have turned private since.
    const thread = await findThreadRow(ctx.db, entryUuid);
    if (!thread) throw threadErrors.threadNotFound();
    await unbookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    return { status: 200, body: { bookmark_state: await bookmarkStateOf(ctx.db, userId, thread), updated_collection: BOOKMARKS_COLLECTION } };
  },
} satisfies DomainRoutes<ThreadsContext>;
