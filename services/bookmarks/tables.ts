// The tables bookmarks owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface BookmarksTable {
  user_id: string;
  context_uuid: string;
  bookmarked_at: Timestamp;
}

export interface BookmarksTables {
  bookmarks: BookmarksTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<BookmarksTables>();
