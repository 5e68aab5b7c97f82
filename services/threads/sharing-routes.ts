// Sharing over HTTP: keep a thread, change its access, request access and answer requests, and
// remove sources from an answer. Each handler finds the thread, calls one use case, answers.
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppContext } from '../app/context.js';
import type { Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import type { ThreadAccess } from './events.js';
import { findEntry } from './queries.js';
import { orgOf } from '../identity/queries.js';
import { liveThread, mayRead, viewer } from './read-access.js';
import { accessRequestReceipt, accessRequestView, findAccessRequest, openRequestsFor } from './sharing-queries.js';
import { answerAccessRequest, changeAccess, removeExpiry, removeSources, requestAccess } from './sharing-use-cases.js';
import { threadResponse } from './thread-response.js';
import { entryView } from './views.js';

async function respondWithThread(req: Request, res: Response, ctx: AppContext) {
  const who = await viewer(req, res, ctx);
  const { thread, claimed } = await liveThread(ctx, req.params.entry_uuid_or_slug as string);
  res.json(await threadResponse(ctx, thread, { claimed, isOwner: (await mayRead(ctx.db, thread, who)).owner, who }));
}

async function answer(req: Request, res: Response, ctx: AppContext, grant: boolean) {
  const requestId = req.params.request_id as string;
  const request = await findAccessRequest(ctx.db, requestId);
  if (!request) throw new HttpProblem(404, 'request_not_found', 'No such access request.');
  await answerAccessRequest(ctx.store, request.context_uuid, { viewer: await viewer(req, res, ctx), request_id: requestId, grant, now: ctx.now() });
  res.json(accessRequestView((await findAccessRequest(ctx.db, requestId))!));
}

export const sharingRoutes: Routes = {
  async updateThread(req, res, ctx) {
    const { thread } = await liveThread(ctx, req.params.entry_uuid_or_slug as string);
    await removeExpiry(ctx.store, thread.context_uuid, await viewer(req, res, ctx), ctx.now());
    await respondWithThread(req, res, ctx);
  },

  async updateThreadAccess(req, res, ctx) {
    const who = await viewer(req, res, ctx);
    const { thread } = await liveThread(ctx, req.params.entry_uuid_or_slug as string);
    const { thread_access } = req.body as { thread_access: ThreadAccess };
    await changeAccess(ctx.store, thread.context_uuid, {
      viewer: who,
      thread_access,
      enterprise: !!(await orgOf(ctx.db, who.user_id)),
      inSpace: !!thread.collection_uuid,
      now: ctx.now(),
    });
    await respondWithThread(req, res, ctx);
  },

  async requestThreadAccess(req, res, ctx) {
    const who = await viewer(req, res, ctx);
    const { thread } = await liveThread(ctx, req.params.entry_uuid_or_slug as string);
    const { readable } = await mayRead(ctx.db, thread, who);
    const { request_id } = await requestAccess(ctx.store, thread.context_uuid, {
      requester: who,
      canReadNow: readable,
      request_id: randomUUID(),
      now: ctx.now(),
    });
    res.status(202).json(accessRequestReceipt((await findAccessRequest(ctx.db, request_id))!));
  },

  async listAccessRequests(req, res, ctx) {
    const who = await viewer(req, res, ctx);
    res.json({ requests: who.user_id ? (await openRequestsFor(ctx.db, who.user_id)).map(accessRequestView) : [] });
  },

  grantAccessRequest: (req, res, ctx) => answer(req, res, ctx, true),
  declineAccessRequest: (req, res, ctx) => answer(req, res, ctx, false),

  async removeEntrySources(req, res, ctx) {
    const backendUuid = req.params.backend_uuid as string;
    const entry = await findEntry(ctx.db, backendUuid);
    if (!entry) throw new HttpProblem(404, 'entry_not_found', 'No such answer.');
    const { urls } = req.body as { urls: string[] };
    await removeSources(ctx.store, entry.context_uuid, { viewer: await viewer(req, res, ctx), backend_uuid: backendUuid, urls, now: ctx.now() });
    const row = await ctx.db.selectFrom('thread_entries').selectAll().where('backend_uuid', '=', backendUuid).executeTakeFirstOrThrow();
    res.json(entryView(row));
  },
};
