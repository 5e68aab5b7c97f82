// The person's try-on images in their data export (services/app/export-parts.ts lists this part):
// the list (avatars and try-on results, which one is their saved avatar) and each image's bytes
// beside it in the archive.
import type { Db } from '../../db/database.js';
import { imagesOf, savedAvatarOf } from './queries.js';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const pathOf = (image: { image_id: string; content_type: string }) => `shopping/try-on/${image.image_id}.${EXTENSION[image.content_type] ?? 'img'}`;

export async function tryOnExport(db: Db, userId: string) {
  const saved = await savedAvatarOf(db, userId);
  return (await imagesOf(db, userId)).map((i) => ({
    image_id: i.image_id,
    kind: i.kind,
    saved_avatar: i.image_id === saved?.image_id,
    content_type: i.content_type,
    created_at: new Date(i.created_at).toISOString(),
    path: pathOf(i),
  }));
}

/** Where each image's bytes go in the archive, and where they are stored. */
export async function tryOnExportFiles(db: Db, userId: string) {
  return (await imagesOf(db, userId)).map((i) => ({ path: pathOf(i), object_key: i.object_key }));
}
