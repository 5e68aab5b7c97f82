// The tables articles owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** Who likes which thread's article (migration 0060). */
export interface ArticleLikesTable {
  context_uuid: string;
  user_id: string;
  liked_at: Timestamp;
}

/** Who has viewed which thread's article, once each (migration 0060). */
export interface ArticleViewsTable {
  context_uuid: string;
  viewer_key: string;
  viewed_at: Timestamp;
}

export interface ArticlesTables {
  article_likes: ArticleLikesTable;
  article_views: ArticleViewsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<ArticlesTables>();
