import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import type { ThreadDeleted } from '../threads/index.js';
import { BOOKMARK_EVENT_TYPES, type BookmarkEvent } from './events.js';
import { own } from './tables.js';

/** `bookmarks`: one row per bookmarked thread of a user; a deleted thread leaves every user's. */
export const bookmarksProjection: Projection = {
  name: 'bookmarks',
  tables: ['bookmarks'],
  handles: [...BOOKMARK_EVENT_TYPES, 'ThreadDeleted', 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('bookmarks')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as BookmarkEvent | ThreadDeleted;
    if (e.type === 'ThreadBookmarked') {
      await own(trx)
        .insertInto('bookmarks')
        .values({ user_id: e.data.user_id, context_uuid: e.data.context_uuid, bookmarked_at: e.data.at })
        .onConflict((oc) => oc.columns(['user_id', 'context_uuid']).doNothing())
        .execute();
    } else if (e.type === 'ThreadUnbookmarked') {
      await own(trx).deleteFrom('bookmarks').where('user_id', '=', e.data.user_id).where('context_uuid', '=', e.data.context_uuid).execute();
    } else if (e.type === 'ThreadDeleted') {
      await own(trx).deleteFrom('bookmarks').where('context_uuid', '=', e.data.context_uuid).execute();
    }
  },
};
