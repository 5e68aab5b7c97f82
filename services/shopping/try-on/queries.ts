// The try-on's read-model queries: always under the person asking, so another's image is not found.
import type { Db } from '../../db/database.js';
import { own } from './tables.js';

export async function savedAvatarOf(db: Db, userId: string) {
  return own(db).selectFrom('try_on_avatars').select('image_id').where('user_id', '=', userId).executeTakeFirst();
}

export async function imageOf(db: Db, userId: string, imageId: string) {
  return own(db)
    .selectFrom('try_on_images')
    .select(['image_id', 'kind', 'object_key', 'content_type'])
    .where('user_id', '=', userId)
    .where('image_id', '=', imageId)
    .executeTakeFirst();
}

export async function imagesSince(db: Db, userId: string, since: Date) {
  const row = await own(db)
    .selectFrom('try_on_images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every image of the person, oldest first. */
export async function imagesOf(db: Db, userId: string) {
  return own(db)
    .selectFrom('try_on_images')
    .select(['image_id', 'kind', 'object_key', 'content_type', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('image_id')
    .execute();
}

export async function imageKeysOf(db: Db, userId: string) {
  const rows = await own(db).selectFrom('try_on_images').select('object_key').where('user_id', '=', userId).execute();
  return rows.map((r) => r.object_key);
}
