// Moving a thread into a Space and taking it out: the Space's rules (who may write there) are
// checked here, the thread's (its owner, the access that follows) in threads/space-decide.ts.
import type { Actor as RequestActor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { threadErrors } from './errors.js';
import { findThreadRow } from './queries.js';
import { readableThread, viewer } from './read-access.js';
import { decideAddToSpace, decideRemoveFromSpace } from './space-decide.js';
import { decideAndAppend } from './use-cases.js';
import { canEditSources, isAdminCapable, visibleSpace, type Actor, spaceErrors } from '../spaces/index.js';

/** Checks, before anything is written, that the caller may move this thread (their own, readable). */
export async function assertMovableThread(ctx: KernelContext, requestActor: RequestActor, entryUuid: string) {
  const { isOwner } = await readableThread(ctx, entryUuid, await viewer(ctx, requestActor));
  if (!isOwner) throw threadErrors.notOwnerToAddToSpace();
}

export async function moveThreadIntoSpace(
  ctx: KernelContext,
  requestActor: RequestActor,
  cmd: { entryUuid: string; collectionUuid: string; actor: Actor; articleMode: boolean },
) {
  const { space, level } = await visibleSpace(ctx.db, cmd.collectionUuid, cmd.actor);
  if (!canEditSources(level)) throw spaceErrors.notWriterToAddThreads();
  const who = await viewer(ctx, requestActor);
  const { thread } = await readableThread(ctx, cmd.entryUuid, who);
  const me = { ...who, user_id: cmd.actor.user_id };
  await decideAndAppend(ctx.store, thread.context_uuid, (state) => ({
    events: decideAddToSpace(state, {
      viewer: me,
      collection_uuid: space.uuid,
      enterprise: !!cmd.actor.org_uuid,
      articleMode: cmd.articleMode,
      now: ctx.now(),
    }),
    result: undefined,
  }));
  return { space, level, who, contextUuid: thread.context_uuid };
}

export async function takeThreadOutOfSpace(ctx: KernelContext, requestActor: RequestActor, cmd: { entryUuid: string; collectionUuid: string; actor: Actor }) {
  const { space, level } = await visibleSpace(ctx.db, cmd.collectionUuid, cmd.actor);
  const thread = await findThreadRow(ctx.db, cmd.entryUuid);
  if (!thread) throw threadErrors.threadNotFound();
  const who = await viewer(ctx, requestActor);
  const me = { ...who, user_id: cmd.actor.user_id };
  await decideAndAppend(ctx.store, thread.context_uuid, (state) => ({
    events: decideRemoveFromSpace(state, { viewer: me, collection_uuid: space.uuid, spaceAdmin: isAdminCapable(level), now: ctx.now() }),
    result: undefined,
  }));
  return { space, level, who, contextUuid: thread.context_uuid };
}
