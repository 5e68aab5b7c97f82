// The watchlists' read model: a person's list of one type in its order.
import type { Db } from '../db/database.js';
import type { WatchlistType } from './catalogue.js';
import type { WatchlistItem } from './events.js';
import { own } from './tables.js';

export async function watchlistItems(db: Db, userId: string, list: WatchlistType): Promise<WatchlistItem[]> {
  return own(db)
    .selectFrom('watchlist_items')
    .select(['identifier', 'category', 'title', 'description', 'image_url', 'image_url_dark'])
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .orderBy('position')
    .execute();
}
