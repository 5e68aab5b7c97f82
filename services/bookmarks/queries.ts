import type { Db } from '../db/database.js';

export type BookmarkState = 'BOOKMARKED' | 'NOT_BOOKMARKED';

/**
 * BOOKMARKED once the user bookmarked the thread or it was added to a Space (seed 003 §4
 * "Bookmarks"), back when both are undone; always NOT_BOOKMARKED when signed out.
 */
export async function bookmarkStateOf(db: Db, userId: string | null, thread: { context_uuid: string; collection_uuid: string | null }): Promise<BookmarkState> {
  if (!userId) return 'NOT_BOOKMARKED';
  if (thread.collection_uuid) return 'BOOKMARKED';
  const row = await db
    .selectFrom('bookmarks')
    .select('context_uuid')
    .where('user_id', '=', userId)
    .where('context_uuid', '=', thread.context_uuid)
    .executeTakeFirst();
  return row ? 'BOOKMARKED' : 'NOT_BOOKMARKED';
}
