// Sharing over HTTP: keep a thread, change its access, request access and answer requests, and
// remove sources from an answer. Each handler finds the thread, calls one use case, answers.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../shared/actor.js';
import type { ThreadsContext } from './context.js';
import type { DomainRoutes } from '../http/handler.js';
import { threadErrors } from './errors.js';
import { renameThread } from './manage-use-cases.js';
import { entryRow, findEntry } from './queries.js';
import { orgOf } from '../identity/index.js';
import { checkPublicSharing } from '../orgs/index.js';
import { liveThread, mayRead, threadFacts } from './read-access.js';
import { accessRequestOf, accessRequestReceipt, accessRequestView, findAccessRequest, openRequestsFor } from './sharing-queries.js';
import { answerAccessRequest, changeAccess, removeExpiry, removeSources, requestAccess } from './sharing-use-cases.js';
import { threadResponse } from './thread-response.js';
import { entryView } from './views.js';

async function threadNow(actor: Actor, ctx: ThreadsContext, key: string) {
  const { thread, claimed } = await liveThread(ctx, key);
  const isOwner = (await mayRead(ctx.db, thread, await threadFacts(actor, thread))).owner;
  return { status: 200 as const, body: await threadResponse(ctx, thread, { claimed, isOwner, actor }) };
}

async function answer(actor: Actor, ctx: ThreadsContext, requestId: string, grant: boolean) {
  const request = await accessRequestOf(ctx.db, requestId);
  if (!request) throw threadErrors.requestNotFound();
  await answerAccessRequest(ctx.store, request.context_uuid, actor, { request_id: requestId, grant, now: ctx.now() });
  return { status: 200 as const, body: accessRequestView((await findAccessRequest(ctx.db, requestId))!) };
}

export const sharingRoutes = {
  async updateThread({ actor, body, path }, ctx) {
    const { thread } = await liveThread(ctx, path.entry_uuid_or_slug);
    // Keeping needs an account, renaming does not: the stricter rule first, so a refusal changes nothing.
    if (body.expired === false) await removeExpiry(ctx.store, thread.context_uuid, actor, ctx.now());
    if (body.title !== undefined) await renameThread(ctx.store, thread.context_uuid, actor, { title: body.title, now: ctx.now() });
    return threadNow(actor, ctx, path.entry_uuid_or_slug);
  },

  async updateThreadAccess({ actor, body, path }, ctx) {
    const userId = await actor.userId();
    const { thread } = await liveThread(ctx, path.entry_uuid_or_slug);
    const { thread_access } = body;
    // The organisation's policy first, so a refusal changes nothing.
    if (thread_access === 'public read') await checkPublicSharing(ctx.db, userId);
    await changeAccess(ctx.store, thread.context_uuid, actor, {
      thread_access,
      enterprise: !!(await orgOf(ctx.db, userId)),
      inSpace: !!thread.collection_uuid,
      now: ctx.now(),
    });
    return threadNow(actor, ctx, path.entry_uuid_or_slug);
  },

  async requestThreadAccess({ actor, path }, ctx) {
    const { thread } = await liveThread(ctx, path.entry_uuid_or_slug);
    const { readable } = await mayRead(ctx.db, thread, await threadFacts(actor, thread));
    const { request_id } = await requestAccess(ctx.store, thread.context_uuid, actor, {
      canReadNow: readable,
      request_id: randomUUID(),
      now: ctx.now(),
    });
    return { status: 202, body: accessRequestReceipt((await accessRequestOf(ctx.db, request_id))!) };
  },

  async listAccessRequests({ actor }, ctx) {
    const userId = await actor.userId();
    return { status: 200, body: { requests: userId ? (await openRequestsFor(ctx.db, userId)).map(accessRequestView) : [] } };
  },

  grantAccessRequest: ({ actor, path }, ctx) => answer(actor, ctx, path.request_id, true),
  declineAccessRequest: ({ actor, path }, ctx) => answer(actor, ctx, path.request_id, false),

  async removeEntrySources({ actor, body, path }, ctx) {
    const backendUuid = path.backend_uuid;
    const entry = await findEntry(ctx.db, backendUuid);
    if (!entry) throw threadErrors.entryNotFound();
    const { urls } = body;
    await removeSources(ctx.store, entry.context_uuid, actor, { backend_uuid: backendUuid, urls, now: ctx.now() });
    return { status: 200, body: entryView(await entryRow(ctx.db, backendUuid)) };
  },
} satisfies DomainRoutes<ThreadsContext>;
