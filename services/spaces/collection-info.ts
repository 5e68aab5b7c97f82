import type { Db } from '../db/database.js';
import { readsSpace } from './access.js';
import { own } from './tables.js';

/** The Thread's collection_info: its Space, shown only to those who may read that Space. */
export async function collectionInfoFor(db: Db, collectionUuid: string | null, userId: string | null) {
  if (!collectionUuid || !(await readsSpace(db, collectionUuid, userId))) return null;
  return (await own(db).selectFrom('spaces').select(['uuid', 'slug', 'title', 'emoji']).where('uuid', '=', collectionUuid).executeTakeFirst()) ?? null;
}
