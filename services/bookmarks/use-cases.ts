// Bookmark use cases: read the user's stream, decide, append with the expected version. Two
// racing toggles of one user retry on the fresh state, a bounded number of times.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { decideBookmark, decideUnbookmark, type BookmarkCommand } from './decide.js';
import { bookmarksStream, evolveBookmarks, initialBookmarks, type BookmarksState } from './events.js';

const MAX_ATTEMPTS = 5;

async function decideAndAppend(store: EventStore, userId: string, decide: (state: BookmarksState) => NewEvent[]) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(bookmarksStream(userId), initialBookmarks, evolveBookmarks);
    const events = decide(state);
    if (events.length === 0) return;
    try {
      await store.append(bookmarksStream(userId), version, events);
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export const bookmarkThread = (store: EventStore, cmd: BookmarkCommand) => decideAndAppend(store, cmd.user_id, (s) => decideBookmark(s, cmd));
export const unbookmarkThread = (store: EventStore, cmd: BookmarkCommand) => decideAndAppend(store, cmd.user_id, (s) => decideUnbookmark(s, cmd));
