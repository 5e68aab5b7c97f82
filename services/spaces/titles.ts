// The titles of Spaces, for the domains that name Spaces they count (an organisation's insights).
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The title of each of these Spaces, by uuid (a Space not found is missing). */
export async function spaceTitlesOf(db: Db, uuids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) return new Map();
  const rows = await own(db).selectFrom('spaces').select(['uuid', 'title']).where('uuid', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.uuid, r.title]));
}
