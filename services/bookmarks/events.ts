// A user's default Bookmarks collection as events, one stream per user.
import type { StoredEvent } from '../eventstore/types.js';

export type ThreadBookmarked = { type: 'ThreadBookmarked'; data: { user_id: string; context_uuid: string; at: string } };
export type ThreadUnbookmarked = { type: 'ThreadUnbookmarked'; data: { user_id: string; context_uuid: string; at: string } };
export type BookmarkEvent = ThreadBookmarked | ThreadUnbookmarked;

export const BOOKMARK_EVENT_TYPES = ['ThreadBookmarked', 'ThreadUnbookmarked'] as const;

export const bookmarksStream = (userId: string) => `bookmarks-${userId}`;

/** The context_uuids of the threads the user has bookmarked. */
export type BookmarksState = { bookmarked: ReadonlySet<string> };
export const initialBookmarks: BookmarksState = { bookmarked: new Set() };

export function evolveBookmarks(state: BookmarksState, event: StoredEvent): BookmarksState {
  const e = { type: event.type, data: event.data } as BookmarkEvent;
  const next = new Set(state.bookmarked);
  if (e.type === 'ThreadBookmarked') next.add(e.data.context_uuid);
  else if (e.type === 'ThreadUnbookmarked') next.delete(e.data.context_uuid);
  else return state;
  return { bookmarked: next };
}
