// Threads by their ids, for the domains that keep their own lists of threads (a user's
// bookmarks): they hold the ids, threads reads its rows.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The threads of these ids that exist, newest change first (deleted ones are gone). */
export async function threadRowsOf(db: Db, contextUuids: readonly string[]) {
  if (!contextUuids.length) return [];
  return (
    own(db)
      .selectFrom('threads')
      .selectAll()
      // One array parameter, however many ids (a user's bookmarks are not bounded).
      .where(sql<boolean>`context_uuid = any(${[...new Set(contextUuids)]}::text[])`)
      .orderBy('updated_at', 'desc')
      .orderBy('context_uuid')
      .execute()
  );
}

/** Each thread's latest answer (its last entry's), by context_uuid. */
export async function latestAnswersOf(db: Db, contextUuids: readonly string[]) {
  if (!contextUuids.length) return new Map<string, string>();
  const rows = await own(db)
    .selectFrom('thread_entries')
    .distinctOn('context_uuid')
    .select(['context_uuid', 'answer'])
    .where('context_uuid', 'in', [...contextUuids])
    .orderBy('context_uuid')
    .orderBy('position', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.context_uuid, r.answer]));
}
