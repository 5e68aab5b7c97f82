// The try-on's rules, pure: clock and ids come in. A person saves only an avatar they generated;
// deleting with no avatar changes nothing; a try-on is made on the person's saved or generated avatar.
import { tryOnErrors } from './errors.js';
import type { TryOnAvatarDeleted, TryOnAvatarGenerated, TryOnAvatarSaved, TryOnGenerated, TryOnState } from './events.js';

type Who = { userId: string; now: Date };

/** Each image costs the operator a provider call: at most this many avatars and try-ons an hour per person. */
export const TRY_ON_IMAGES_PER_HOUR = 30;

/** Refuses one more image when the person made their hour's share (counted across instances, in the read model). */
export function checkGenerationAllowed(imagesInLastHour: number) {
  if (imagesInLastHour >= TRY_ON_IMAGES_PER_HOUR) throw tryOnErrors.rateLimited();
}
export type GeneratedImage = { imageId: string; objectKey: string; contentType: string };

export function decideAvatarGenerated(_state: TryOnState, cmd: Who & GeneratedImage & { withSelfie: boolean }): TryOnAvatarGenerated[] {
  return [
    {
      type: 'TryOnAvatarGenerated',
      data: {
        user_id: cmd.userId,
        image_id: cmd.imageId,
        object_key: cmd.objectKey,
        content_type: cmd.contentType,
        with_selfie: cmd.withSelfie,
        generated_at: cmd.now.toISOString(),
      },
    },
  ];
}

/** Saving the avatar already saved changes nothing; anything but the person's own avatar image is not found. */
export function decideSave(state: TryOnState, cmd: Who & { imageId: string }): TryOnAvatarSaved[] {
  if (state.images[cmd.imageId]?.kind !== 'avatar') throw tryOnErrors.imageNotFound();
  if (state.avatar === cmd.imageId) return [];
  return [{ type: 'TryOnAvatarSaved', data: { user_id: cmd.userId, image_id: cmd.imageId, saved_at: cmd.now.toISOString() } }];
}

export function decideDelete(state: TryOnState, cmd: Who): TryOnAvatarDeleted[] {
  if (!state.avatar) return [];
  return [{ type: 'TryOnAvatarDeleted', data: { user_id: cmd.userId, image_id: state.avatar, deleted_at: cmd.now.toISOString() } }];
}

/** The avatar a try-on may use: an avatar image of the person's (their saved one or a candidate being confirmed). */
export function checkTryOnAvatar(state: TryOnState, avatarImageId: string) {
  if (state.images[avatarImageId]?.kind !== 'avatar') throw tryOnErrors.imageNotFound();
}

export function decideTryOnGenerated(state: TryOnState, cmd: Who & GeneratedImage & { avatarImageId: string }): TryOnGenerated[] {
  checkTryOnAvatar(state, cmd.avatarImageId);
  return [
    {
      type: 'TryOnGenerated',
      data: {
        user_id: cmd.userId,
        image_id: cmd.imageId,
        object_key: cmd.objectKey,
        content_type: cmd.contentType,
        avatar_image_id: cmd.avatarImageId,
        generated_at: cmd.now.toISOString(),
      },
    },
  ];
}
