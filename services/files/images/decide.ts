// The rules of image upload slots: at most IMAGE_FORMS_PER_HOUR forms an hour per person, and a
// slot's object is removed once, when its pending time (UPLOAD_TTL_SECONDS, as for files) has
// passed; its form works for the first half of that, so the rest is time to keep the image.
import type { ImageUploadExpired, ImageUploadStarted, ImageUploadState } from './events.js';

export const IMAGE_FORMS_PER_HOUR = 60;

export type ImageUploadStart = { objectKey: string; userId: string; source?: string | null; formsInLastHour: number; ttlSeconds: number; now: Date };

/** A new form, or null when the person has had their hour's share. */
export function decideImageUploadStart(cmd: ImageUploadStart): ImageUploadStarted[] | null {
  if (cmd.formsInLastHour >= IMAGE_FORMS_PER_HOUR) return null;
  const removableAt = new Date(cmd.now.getTime() + cmd.ttlSeconds * 1000);
  return [
    {
      type: 'ImageUploadStarted',
      data: {
        object_key: cmd.objectKey,
        user_id: cmd.userId,
        started_at: cmd.now.toISOString(),
        removable_at: removableAt.toISOString(),
        source: cmd.source ?? null,
      },
    },
  ];
}

/** The slot's end: once, and only for a form that was handed out. */
export function decideImageUploadExpiry(state: ImageUploadState, objectKey: string, now: Date): ImageUploadExpired[] {
  if (state !== 'pending') return [];
  return [{ type: 'ImageUploadExpired', data: { object_key: objectKey, expired_at: now.toISOString() } }];
}
