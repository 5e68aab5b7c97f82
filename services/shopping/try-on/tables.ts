// The tables the try-on owns (migration 0063_try_on). Only this domain's code queries them, through `own()`.
import type { Timestamp } from '../../db/columns.js';
import { ownerOf } from '../../db/owned.js';

/** Every try-on image a person has (avatars generated and try-on results), projected from their stream. */
export interface TryOnImagesTable {
  image_id: string;
  user_id: string;
  kind: 'avatar' | 'try_on';
  object_key: string;
  content_type: string;
  created_at: Timestamp;
}

/** The person's saved avatar (a row while they have one). */
export interface TryOnAvatarsTable {
  user_id: string;
  image_id: string;
  saved_at: Timestamp;
}

export interface TryOnTables {
  try_on_images: TryOnImagesTable;
  try_on_avatars: TryOnAvatarsTable;
}

export const own = ownerOf<TryOnTables>();
