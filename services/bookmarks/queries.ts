import type { Db } from '../db/database.js';
import { viewerOf, mayRead } from '../threads/index.js';

import type { BookmarkState } from '../../generated/sdk/types.gen.js';
import { own } from './tables.js';
import { crossRead } from '../db/cross-read.js';

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
 * each is checked with the one read rule (mayRead) before anything of it is shown.
 */
export async function readableBookmarks(db: Db, userId: string, page: { limit: number; offset: number }) {
  const bookmarked = await crossRead(db)
    .selectFrom('threads as t')
    .selectAll('t')
    .where((eb) =>
      eb.exists(eb.selectFrom('bookmarks as b').select('b.context_uuid').whereRef('b.context_uuid', '=', 't.context_uuid').where('b.user_id', '=', userId)),
    )
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.context_uuid')
    .execute();
  const who = { ...(await viewerOf(db, userId, '')), visitor_id: '' };
  const readable = [];
  for (const thread of bookmarked) if ((await mayRead(db, thread, who)).readable) readable.push(thread);
  const shown = readable.slice(page.offset, page.offset + page.limit);
  const answers = await latestAnswers(
    db,
    shown.map((t) => t.context_uuid),
  );
  return { rows: shown.map((t) => ({ ...t, latest_answer: answers.get(t.context_uuid) ?? null })), total: readable.length };
}

async function latestAnswers(db: Db, contextUuids: string[]) {
  if (!contextUuids.length) return new Map<string, string>();
  const rows = await crossRead(db)
    .selectFrom('thread_entries')
    .distinctOn('context_uuid')
    .select(['context_uuid', 'answer'])
    .where('context_uuid', 'in', contextUuids)
    .orderBy('context_uuid')
    .orderBy('position', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.context_uuid, r.answer]));
}
