// A person's watchlists in their data export (services/app/export-parts.ts): each type's items in order.
import type { Db } from '../db/database.js';
import { WATCHLIST_TYPES } from './catalogue.js';
import { watchlistItems } from './queries.js';

export async function watchlistExport(db: Db, userId: string) {
  const out: Record<string, unknown> = {};
  for (const type of WATCHLIST_TYPES) out[type] = await watchlistItems(db, userId, type);
  return out;
}
