// Items of a provider that names them by path (Dropbox: an entry's folder is known only by its
// path, and a deleted entry carries nothing else): the folder a path sits in, and the items at or
// under a removed path, matched case-insensitively as Dropbox compares paths.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { likeEscaped } from './item-filter.js';
import { own } from './tables.js';

/** The path of the folder holding `path` (lower-cased); null at the top. */
export function parentPathOf(path: string): string | null {
  const at = path.lastIndexOf('/');
  return at > 0 ? path.slice(0, at).toLowerCase() : null;
}

/** A connection's items at `path` or under it, whatever their case. */
export function itemsAtOrUnder(db: Db, connectionUuid: string, path: string) {
  const p = path.toLowerCase().replace(/\/+$/, '');
  if (!p) return Promise.resolve([]);
  return own(db)
    .selectFrom('connector_items')
    .select(['item_uuid', 'file_uuid'])
    .where('connection_uuid', '=', connectionUuid)
    .where('path', 'is not', null)
    .where((eb) => eb.or([eb(sql`lower(path)`, '=', p), eb(sql`lower(path)`, 'like', `${likeEscaped(p)}/%`)]))
    .execute();
}
