import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../eventstore/types.js';
import { decideBookmark, decideUnbookmark } from './decide.js';
import { evolveBookmarks, initialBookmarks, type BookmarkEvent, type BookmarksState } from './events.js';

const now = new Date('2026-01-02T03:04:05Z');
const cmd = { user_id: 'u1', context_uuid: 'c1', now };
const stored = (e: BookmarkEvent, v: number): StoredEvent => ({
  ...e,
  globalPosition: String(v),
  streamId: 'bookmarks-u1',
  streamVersion: v,
  metadata: {},
  recordedAt: now,
});
const apply = (state: BookmarksState, events: BookmarkEvent[]) => events.reduce((s, e, i) => evolveBookmarks(s, stored(e, i + 1)), state);

describe('bookmarks: NOT_BOOKMARKED → BOOKMARKED on bookmark, back on removal', () => {
  it('bookmarks a thread that is not bookmarked', () => {
    expect(decideBookmark(initialBookmarks, cmd)).toEqual([
      { type: 'ThreadBookmarked', data: { user_id: 'u1', context_uuid: 'c1', at: '2026-01-02T03:04:05.000Z' } },
    ]);
  });

  it('bookmarking twice changes nothing', () => {
    const state = apply(initialBookmarks, decideBookmark(initialBookmarks, cmd));
    expect(state.bookmarked.has('c1')).toBe(true);
    expect(decideBookmark(state, cmd)).toEqual([]);
  });

  it('removes a bookmark, and removing what is not there changes nothing', () => {
    const state = apply(initialBookmarks, decideBookmark(initialBookmarks, cmd));
    const removed = decideUnbookmark(state, cmd);
    expect(removed).toEqual([{ type: 'ThreadUnbookmarked', data: { user_id: 'u1', context_uuid: 'c1', at: '2026-01-02T03:04:05.000Z' } }]);
    const after = apply(state, removed);
    expect(after.bookmarked.has('c1')).toBe(false);
    expect(decideUnbookmark(after, cmd)).toEqual([]);
    expect(decideUnbookmark(initialBookmarks, cmd)).toEqual([]);
  });

  it('keeps each thread apart', () => {
    const state = apply(initialBookmarks, decideBookmark(initialBookmarks, cmd));
    expect(decideBookmark(state, { ...cmd, context_uuid: 'c2' })).toHaveLength(1);
    expect(decideUnbookmark(state, { ...cmd, context_uuid: 'c2' })).toEqual([]);
  });

  it('leaves the state alone for events of other kinds', () => {
    const other = { ...stored({ type: 'ThreadBookmarked', data: { user_id: 'u1', context_uuid: 'c1', at: '' } }, 1), type: 'Something' };
    expect(evolveBookmarks(initialBookmarks, other)).toBe(initialBookmarks);
  });
});
