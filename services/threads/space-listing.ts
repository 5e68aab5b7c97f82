// The threads of a Space: the page its readers see, and all of them when it is deleted.
import type { ThreadList } from '../../generated/sdk/types.gen.js';
import type { Db } from '../db/database.js';
import { threadPage, threadsFrom } from './queries.js';
import { own } from './tables.js';
import { summaryView } from './views.js';

/**
 * The Space's threads `readerId` may read (someone the Space lets read it), newest change first:
 * everyone sees its shared threads; private ones only their owners and the readers they let in.
 */
export async function spaceThreadList(db: Db, spaceUuid: string, readerId: string | null, page: { limit: number; offset: number }): Promise<ThreadList> {
  const query = threadsFrom(db)
    .where('t.collection_uuid', '=', spaceUuid)
    .where((eb) =>
      eb.or([
        eb('t.thread_access', 'in', ['collection read', 'public read']),
        ...(readerId
          ? [
              eb('t.owner_user_id', '=', readerId),
              eb.exists(
                eb
                  .selectFrom('thread_readers as r')
                  .select('r.user_id')
                  .whereRef('r.context_uuid', '=', 't.context_uuid')
                  .where('r.user_id', '=', readerId)
                  .where('t.thread_access', '<>', 'owner-only'),
              ),
            ]
          : []),
      ]),
    );
  const { rows, total } = await threadPage(query, page.limit, page.offset);
  return { items: rows.map(summaryView), total };
}

/** The context_uuids of the threads in the Space. */
export async function threadsInSpace(db: Db, spaceUuid: string) {
  return (await own(db).selectFrom('threads').select('context_uuid').where('collection_uuid', '=', spaceUuid).execute()).map((t) => t.context_uuid);
}
