// Bookmarks over HTTP: the collection helpers' upsert and remove of an entry, for the default
// Bookmarks collection. Spaces (a `new_collection_uuid` or `collection_uuid`) come later and
// answer 404 until then.
import type { Request, Response } from 'express';
import type { AppContext } from '../app/context.js';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { currentUserId } from '../identity/session.js';
import { findThreadRow } from '../threads/queries.js';
import { readableThread, viewer } from '../threads/read-access.js';
import { threadResponse } from '../threads/thread-response.js';
import { BOOKMARKS_COLLECTION } from './collection.js';
import { bookmarkThread, unbookmarkThread } from './use-cases.js';

type UpsertBody = { entry_uuid: string; upsert_type?: 'bookmark'; new_collection_uuid?: string; return_collection?: boolean; return_thread?: boolean };

const noSuchSpace = () => new HttpProblem(404, 'collection_not_found', 'No such Space.');

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

export const collectionRoutes: Routes = {
  async upsertCollectionEntry(req, res, ctx) {
    const body = req.body as UpsertBody;
    const userId = await signedIn(req, ctx);
    if (body.new_collection_uuid) throw noSuchSpace();
    if (body.upsert_type !== 'bookmark') throw new HttpProblem(400, 'missing_target', 'Say where to add the thread: upsert_type "bookmark" or new_collection_uuid.');
    const { who, thread, claimed, isOwner } = await readable(req, res, ctx, body.entry_uuid);
    await bookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    res.json({
      bookmark_state: 'BOOKMARKED',
      updated_collection: BOOKMARKS_COLLECTION,
      ...(body.return_thread ? { thread: await threadResponse(ctx, thread, { claimed, isOwner, who }) } : {}),
    });
  },

  async removeCollectionEntry(req, res, ctx) {
    const userId = await signedIn(req, ctx);
    if (req.query.collection_uuid) throw noSuchSpace();
    // Taking one's own bookmark away needs no read access: the thread may have turned private since.
    const thread = await findThreadRow(ctx.db, String(req.query.entry_uuid));
    if (!thread) throw new HttpProblem(404, 'thread_not_found', 'No such thread.');
    await unbookmarkThread(ctx.store, { user_id: userId, context_uuid: thread.context_uuid, now: ctx.now() });
    res.json({ bookmark_state: 'NOT_BOOKMARKED', updated_collection: BOOKMARKS_COLLECTION });
  },
};
