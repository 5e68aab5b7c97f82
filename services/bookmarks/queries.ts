import type { Db } from '../db/database.js';
import { mayRead, latestAnswersOf, threadRowsOf } from '../threads/index.js';
import type { Actor } from '../shared/actor.js';

import type { BookmarkState } from '../../generated/sdk/types.gen.js';
import { own } from './tables.js';

/**
 * BOOKMARKED once the user bookmarked the thread or it was added to a Space (seed 003 §4
 * "Bookmarks"), back when both are undone; always NOT_BOOKMARKED when signed out.
 */
export async function bookmarkStateOf(db: Db, userId: string | null, thread: { context_uuid: string; collection_uuid: string | null }): Promise<BookmarkState> {
  if (!userId) return 'NOT_BOOKMARKED';
  if (thread.collection_uuid) return 'BOOKMARKED';
  const row = await own(db)
    .selectFrom('bookmarks')
    .select('context_uuid')
    .where('user_id', '=', userId)
    .where('context_uuid', '=', thread.context_uuid)
    .executeTakeFirst();
  return row ? 'BOOKMARKED' : 'NOT_BOOKMARKED';
}

/**
 * The user's bookmarks they may read now, newest change first, a page of them and how many.
 * A bookmark outlives the reader's access (its owner may make the thread owner-only later), so
 * each is checked with the one read rule (mayRead) before anything of it is shown; the page is
 * cut after that check. The ids are ours, the threads' rows and answers are threads'.
 */
export async function readableBookmarks(db: Db, actor: Actor, page: { limit: number; offset: number }) {
  const who = await actor.facts();
  const userId = who.user_id;
  if (!userId) return { rows: [], total: 0 };
  const ids = await own(db).selectFrom('bookmarks').select('context_uuid').where('user_id', '=', userId).execute();
  const bookmarked = await threadRowsOf(
    db,
    ids.map((b) => b.context_uuid),
  );
  const readable = [];
  for (const thread of bookmarked) if ((await mayRead(db, thread, who)).readable) readable.push(thread);
  const shown = readable.slice(page.offset, page.offset + page.limit);
  const answers = await latestAnswersOf(
    db,
    shown.map((t) => t.context_uuid),
  );
  return { rows: shown.map((t) => ({ ...t, latest_answer: answers.get(t.context_uuid) ?? null })), total: readable.length };
}
