// A person's bookmarks in their data export (services/rights/export-archive.ts): oldest first,
// each with its thread's title (null once the thread is gone).
import type { Db } from '../db/database.js';
import { threadTitlesOf } from '../threads/index.js';
import { own } from './tables.js';

export async function bookmarksForExport(db: Db, userId: string) {
  const bookmarks = await own(db)
    .selectFrom('bookmarks')
    .select(['context_uuid', 'bookmarked_at'])
    .where('user_id', '=', userId)
    .orderBy('bookmarked_at')
    .execute();
  const titles = await threadTitlesOf(
    db,
    bookmarks.map((b) => b.context_uuid),
  );
  return bookmarks.map((b) => ({ context_uuid: b.context_uuid, title: titles.get(b.context_uuid) ?? null, bookmarked_at: b.bookmarked_at }));
}
