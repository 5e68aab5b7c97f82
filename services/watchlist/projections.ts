// The watchlists as a read model: `watchlist_items`, one row per item with its place in its list.
// Removing an item closes the gap; a new order rewrites every place of the list.
import { sql } from 'kysely';
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { WATCHLIST_EVENT_TYPES, type WatchlistEvent } from './events.js';
import { own } from './tables.js';

export const watchlistItemsProjection: Projection = {
  name: 'watchlist_items',
  tables: ['watchlist_items'],
  handles: [...WATCHLIST_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('watchlist_items')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as WatchlistEvent;
    const db = own(trx);
    if (e.type === 'WatchlistItemAdded') {
      const { user_id, list, item, at } = e.data;
      const { count } = await db
        .selectFrom('watchlist_items')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', user_id)
        .where('list', '=', list)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('watchlist_items')
        .values({ user_id, list, ...item, position: Number(count), added_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'list', 'identifier']).doNothing())
        .execute();
    } else if (e.type === 'WatchlistItemRemoved') {
      const { user_id, list, identifier } = e.data;
      const gone = await db
        .deleteFrom('watchlist_items')
        .where('user_id', '=', user_id)
        .where('list', '=', list)
        .where('identifier', '=', identifier)
        .returning('position')
        .executeTakeFirst();
      if (!gone) return;
      await db
        .updateTable('watchlist_items')
        .set({ position: sql`position - 1` })
        .where('user_id', '=', user_id)
        .where('list', '=', list)
        .where('position', '>', gone.position)
        .execute();
    } else if (e.type === 'WatchlistReordered') {
      const { user_id, list, identifiers } = e.data;
      // One statement: each identifier's place is its index in the event's order.
      await db
        .updateTable('watchlist_items')
        .set({ position: sql`array_position(${sql.val(identifiers)}::text[], identifier) - 1` })
        .where('user_id', '=', user_id)
        .where('list', '=', list)
        .where('identifier', 'in', identifiers.length ? identifiers : [''])
        .execute();
    }
  },
};
