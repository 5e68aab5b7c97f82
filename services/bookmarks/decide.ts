// The rules of the Bookmarks collection (seed 003 §4 "Bookmarks"): bookmarking what is already
// bookmarked, or removing what is not there, changes nothing. Pure: the clock is passed in.
import type { BookmarksState, ThreadBookmarked, ThreadUnbookmarked } from './events.js';

export type BookmarkCommand = { user_id: string; context_uuid: string; now: Date };

export function decideBookmark(state: BookmarksState, cmd: BookmarkCommand): ThreadBookmarked[] {
  if (state.bookmarked.has(cmd.context_uuid)) return [];
  return [{ type: 'ThreadBookmarked', data: { user_id: cmd.user_id, context_uuid: cmd.context_uuid, at: cmd.now.toISOString() } }];
}

export function decideUnbookmark(state: BookmarksState, cmd: BookmarkCommand): ThreadUnbookmarked[] {
  if (!state.bookmarked.has(cmd.context_uuid)) return [];
  return [{ type: 'ThreadUnbookmarked', data: { user_id: cmd.user_id, context_uuid: cmd.context_uuid, at: cmd.now.toISOString() } }];
}
