// The tables answers owns. Only this domain's code queries them, through `own()` (services/db/owned.ts).
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** A web page an answer read, kept for a while (migration 0047; web-pages/cache.ts). */
export interface WebPageCacheTable {
  url: string;
  title: string;
  text: string;
  etag: string | null;
  last_modified: string | null;
  checked_at: Timestamp;
}

export interface AnswersTables {
  web_page_cache: WebPageCacheTable;
}

/** This domain's handle on its own tables. */
export const own = ownerOf<AnswersTables>();
