// The tables watchlist owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** One item of a person's watchlist of one type (migration 0065, projected by services/watchlist). */
export interface WatchlistItemsTable {
  user_id: string;
  /** The watchlist type: sports, finance or f1. */
  list: string;
  identifier: string;
  category: string;
  title: string;
  description: string;
  image_url: string | null;
  image_url_dark: string | null;
  /** The item's place in its list, from 0, without gaps. */
  position: number;
  added_at: Timestamp;
}

export interface WatchlistTables {
  watchlist_items: WatchlistItemsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<WatchlistTables>();
