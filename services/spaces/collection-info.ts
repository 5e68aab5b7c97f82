import type { Db } from '../db/database.js';
import { spaceReadBy } from './access.js';

/** The Thread's collection_info: its Space, shown only to those who may read that Space. */
export async function collectionInfoFor(db: Db, collectionUuid: string | null, userId: string | null) {
  const space = collectionUuid ? await spaceReadBy(db, collectionUuid, userId) : null;
  return space && { uuid: space.uuid, slug: space.slug, title: space.title, emoji: space.emoji };
}
