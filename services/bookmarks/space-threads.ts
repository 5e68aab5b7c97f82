// The threads of a Space (those the caller may read), or the caller's Bookmarks.
import type { KernelContext } from '../shared/context.js';
import { readableBookmarks } from './queries.js';
import { crossRead } from '../db/cross-read.js';
import { threadPage } from '../threads/index.js';
import { visibleSpace, type Actor } from '../spaces/index.js';

export async function spaceThreads(ctx: KernelContext, opts: { collectionUuid?: string; actor: Actor | null; limit: number; offset: number }) {
  const { actor } = opts;
  if (!opts.collectionUuid) return readableBookmarks(ctx.db, actor!.user_id, opts);
  const { space, readable } = await visibleSpace(ctx.db, opts.collectionUuid, actor);
  if (!readable) return { rows: [], total: 0 };
  // Everyone who reads the Space sees its shared threads; private ones only their owners
  // (and the readers they let in).
  const query = crossRead(ctx.db)
    .selectFrom('threads as t')
    .where('t.collection_uuid', '=', space.uuid)
    .where((eb) =>
      eb.or([
        eb('t.thread_access', 'in', ['collection read', 'public read']),
        ...(actor
          ? [
              eb('t.owner_user_id', '=', actor.user_id),
              eb.exists(
                eb
                  .selectFrom('thread_readers as r')
                  .select('r.user_id')
                  .whereRef('r.context_uuid', '=', 't.context_uuid')
                  .where('r.user_id', '=', actor.user_id)
                  .where('t.thread_access', '<>', 'owner-only'),
              ),
            ]
          : []),
      ]),
    );
  return threadPage(query, opts.limit, opts.offset);
}
