// The collection helpers' upsert and remove of an entry: the default Bookmarks collection
// (upsert_type "bookmark", or no collection_uuid) or a Space (new_collection_uuid /
// collection_uuid), answering with where the thread now is.
import type { Request, Response } from 'express';
import type { AppContext } from '../app/context.js';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { currentUserId } from '../identity/session.js';
import { requireActor } from '../spaces/access.js';
import { moveThreadIntoSpace, takeThreadOutOfSpace } from '../spaces/thread-moves.js';
import { findThreadRow } from '../threads/queries.js';
import { readableThread, viewer, type Who } from '../threads/read-access.js';
import { threadResponse } from '../threads/thread-response.js';
import { BOOKMARKS_COLLECTION } from './collection.js';
import { bookmarkStateOf } from './queries.js';
import { bookmarkThread, unbookmarkThread } from './use-cases.js';

type UpsertBody = {
  entry_uuid: string;
  upsert_type?: 'bookmark';
  new_collection_uuid?: string;
  return_collection?: boolean;
  return_thread?: boolean;
  article_mode?: boolean;
};

async function signedIn(req: Request, ctx: AppContext) {
  const userId = await currentUserId(req, ctx);
  if (!userId) throw new HttpProblem(401, 'login_required', 'Sign in to bookmark answers.');
  return userId;
}

/** The thread of `key` if the caller may read it: 404 / 403 exactly as getThread. */
async function readable(req: Request, res: Response, ctx: AppContext, key: string) {
  const who = await viewer(req, res, ctx);
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
async function threadAfter(ctx: AppContext, contextUuid: string, who: Who, withThread: boolean) {
  const thread = (await findThreadRow(ctx.db, contextUuid))!;
  const bookmark_state = await bookmarkStateOf(ctx.db, who.user_id, thread);
  if (!withThread) return { bookmark_state };
  const { claimed, isOwner } = await readableThread(ctx, contextUuid, who);
  return { bookmark_state, thread: await threadResponse(ctx, thread, { claimed, isOwner, who }) };
}

export const collectionRoutes: Routes = {
  async upsertCollectionEntry(req, res, ctx) {
    const body = req.body as UpsertBody;
    if (body.new_collection_uuid) {
      const actor = await requireActor(req, ctx);
      const moved = await moveThreadIntoSpace(ctx, req, res, {
        entryUuid: body.entry_uuid,
        collectionUuid: body.new_collection_uuid,
        actor,
        articleMode: !!body.article_mode,
      });
      const after = await threadAfter(ctx, moved.contextUuid, moved.who, !!body.return_thread);
      const space = await ctx.db.selectFrom('spaces').selectAll().where('uuid', '=', moved.space.uuid).executeTakeFirstOrThrow();
      return void res.json({ ...after, updated_collection: spaceRef(space, moved.level) });
    }
    const userId = await signedIn(req, ctx);
    if (body.upsert_type !== 'bookmark')
      throw new HttpProblem(400, 'missing_target', 'Say where to add the thread: upsert_type "bookmark" or new_collection_uuid.');
    const { who, thread } = await readable(req, res, ctx, body.entry_uuid);
    await bookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    res.json({ ...(await threadAfter(ctx, thread.context_uuid, who, !!body.return_thread)), updated_collection: BOOKMARKS_COLLECTION });
  },

  async removeCollectionEntry(req, res, ctx) {
    const entryUuid = String(req.query.entry_uuid);
    const collectionUuid = req.query.collection_uuid as string | undefined;
    if (collectionUuid) {
      const actor = await requireActor(req, ctx);
      const moved = await takeThreadOutOfSpace(ctx, req, res, { entryUuid, collectionUuid, actor });
      const space = await ctx.db.selectFrom('spaces').selectAll().where('uuid', '=', moved.space.uuid).executeTakeFirstOrThrow();
      const thread = (await findThreadRow(ctx.db, moved.contextUuid))!;
      return void res.json({ bookmark_state: await bookmarkStateOf(ctx.db, actor.user_id, thread), updated_collection: spaceRef(space, moved.level) });
    }
    const userId = await signedIn(req, ctx);
    // Taking one's own bookmark away needs no read access: the thread may have turned private since.
    const thread = await findThreadRow(ctx.db, entryUuid);
    if (!thread) throw new HttpProblem(404, 'thread_not_found', 'No such thread.');
    await unbookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    res.json({ bookmark_state: await bookmarkStateOf(ctx.db, userId, thread), updated_collection: BOOKMARKS_COLLECTION });
  },
};
