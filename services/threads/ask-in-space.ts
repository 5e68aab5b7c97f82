// Asking in a Space: what the answer engine gets of the Space, and where the new thread starts.
import type { Actor as RequestActor } from '../shared/actor.js';
import type { KernelContext } from '../shared/context.js';
import { canEditSources, actorOf, notFound, visibleSpace, type AnswerSpace } from '../spaces/index.js';
import { accessAfterAddToSpace } from './access-rules.js';
import type { ThreadAccess } from './events.js';

/**
 * A new thread asked in a Space: anyone who reads the Space may ask with its sources and
 * instructions; the thread starts in the Space when the asker writes there (for an Enterprise
 * asker as collection read, seed 000 §4).
 */
export async function askingInSpace(ctx: Pick<KernelContext, 'db'>, requestActor: RequestActor, collectionUuid: string) {
  const actor = await actorOf(requestActor);
  const view = await visibleSpace(ctx.db, collectionUuid, actor);
  if (!view.readable) throw notFound();
  const answer: AnswerSpace = { uuid: view.space.uuid, instructions: view.space.instructions, web: view.space.enable_web_by_default };
  const startIn: { collection_uuid: string; thread_access: ThreadAccess } | null =
    actor && canEditSources(view.level)
      ? { collection_uuid: view.space.uuid, thread_access: accessAfterAddToSpace('private read', { enterprise: !!actor.org_uuid, articleMode: false }) }
      : null;
  return { answer, startIn };
}
