// What the answer engine needs of the Space a question is asked in.
import type { Actor as RequestActor } from '../shared/actor.js';
import type { AppContext } from '../shared/context.js';
import type { AnswerSpace } from '../answers/generate.js';
import type { Db } from '../db/database.js';
import { accessAfterAddToSpace } from '../threads/access-rules.js';
import type { ThreadAccess } from '../threads/events.js';
import { canEditSources } from './access-levels.js';
import { actorOf, notFound, visibleSpace } from './access.js';

export async function answerSpaceOf(db: Db, uuid: string | null): Promise<AnswerSpace | null> {
  if (!uuid) return null;
  const row = await db.selectFrom('spaces').select(['uuid', 'instructions', 'enable_web_by_default']).where('uuid', '=', uuid).executeTakeFirst();
  return row ? { uuid: row.uuid, instructions: row.instructions, web: row.enable_web_by_default } : null;
}

/**
 * A new thread asked in a Space: anyone who reads the Space may ask with its sources and
 * instructions; the thread starts in the Space when the asker writes there (for an Enterprise
 * asker as collection read, seed 000 §4).
 */
export async function askingInSpace(ctx: Pick<AppContext, 'db'>, requestActor: RequestActor, collectionUuid: string) {
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
