import type { Db } from '../db/database.js';

export type BookmarkState = 'BOOKMARKED' | 'NOT_BOOKMARKED';

/** Whether the user has the thread in their Bookmarks; always NOT_BOOKMARKED when signed out. */
export async function bookmarkStateOf(db: Db, userId: string | null, contextUuid: string): Promise<BookmarkState> {
  if (!userId) return 'NOT_BOOKMARKED';
  const row = await db.selectFrom('bookmarks').select('context_uuid').where('user_id', '=', userId).where('context_uuid', '=', contextUuid).executeTakeFirst();
  return row ? 'BOOKMARKED' : 'NOT_BOOKMARKED';
}
