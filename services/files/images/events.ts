// An image upload form (POST /rest/uploads/create_upload_url) is a slot, not a keeper: whatever
// the browser posts there lives until its pending time (UPLOAD_TTL_SECONDS) has passed, then
// workflows/expire-image-upload.ts removes it. A domain that keeps an image (a person's picture)
// copies it out of the slot first. Each form is a stream of its own.
import type { StoredEvent } from '../../eventstore/types.js';

export const imageUploadStream = (objectKey: string) => `image-upload-${objectKey}`;

/**
 * A form was handed out: it counts toward the person's hourly limit, and `removable_at` its object
 * goes. `source`: what in the app asked (the call's `source`), when it said; absent in older events.
 */
export type ImageUploadStarted = {
  type: 'ImageUploadStarted';
  data: { object_key: string; user_id: string; started_at: string; removable_at: string; source?: string | null };
};
/** The slot's object was removed (or never came). */
export type ImageUploadExpired = { type: 'ImageUploadExpired'; data: { object_key: string; expired_at: string } };

export type ImageUploadEvent = ImageUploadStarted | ImageUploadExpired;
export const IMAGE_UPLOAD_EVENT_TYPES = ['ImageUploadStarted', 'ImageUploadExpired'] as const;

export type ImageUploadState = 'none' | 'pending' | 'expired';

export function evolveImageUpload(state: ImageUploadState, event: StoredEvent): ImageUploadState {
  if (event.type === 'ImageUploadStarted') return 'pending';
  if (event.type === 'ImageUploadExpired') return 'expired';
  return state;
}
