// The try-on states of one person (seed 000 §3 Avatar and Try-on state), one stream per person:
// each avatar generated (a candidate until saved), the avatar saved, the avatar deleted, and each
// product tried on. Images live in storage under keys these events name (private to the person).
import type { StoredEvent } from '../../eventstore/types.js';

export type TryOnAvatarGenerated = {
  type: 'TryOnAvatarGenerated';
  data: { user_id: string; image_id: string; object_key: string; content_type: string; with_selfie: boolean; generated_at: string };
};
export type TryOnAvatarSaved = { type: 'TryOnAvatarSaved'; data: { user_id: string; image_id: string; saved_at: string } };
export type TryOnAvatarDeleted = { type: 'TryOnAvatarDeleted'; data: { user_id: string; image_id: string; deleted_at: string } };
export type TryOnGenerated = {
  type: 'TryOnGenerated';
  data: { user_id: string; image_id: string; object_key: string; content_type: string; avatar_image_id: string; generated_at: string };
};

export type TryOnEvent = TryOnAvatarGenerated | TryOnAvatarSaved | TryOnAvatarDeleted | TryOnGenerated;

export const TRY_ON_EVENTS = [
  'TryOnAvatarGenerated',
  'TryOnAvatarSaved',
  'TryOnAvatarDeleted',
  'TryOnGenerated',
] as const satisfies readonly TryOnEvent['type'][];

export const tryOnStream = (userId: string) => `try-on-${userId}`;

export type TryOnImageKind = 'avatar' | 'try_on';
export type TryOnState = {
  /** Every image of the person's still kept, by id. */
  images: Readonly<Record<string, { kind: TryOnImageKind; objectKey: string }>>;
  /** The saved avatar's image id, or null. */
  avatar: string | null;
};
export const initialTryOn: TryOnState = { images: {}, avatar: null };

export function evolveTryOn(state: TryOnState, event: StoredEvent): TryOnState {
  const e = event as unknown as TryOnEvent;
  switch (e.type) {
    case 'TryOnAvatarGenerated':
      return { ...state, images: { ...state.images, [e.data.image_id]: { kind: 'avatar', objectKey: e.data.object_key } } };
    case 'TryOnGenerated':
      return { ...state, images: { ...state.images, [e.data.image_id]: { kind: 'try_on', objectKey: e.data.object_key } } };
    case 'TryOnAvatarSaved':
      return { ...state, avatar: e.data.image_id };
    case 'TryOnAvatarDeleted': {
      const { [e.data.image_id]: _gone, ...images } = state.images;
      return { images, avatar: state.avatar === e.data.image_id ? null : state.avatar };
    }
    default:
      return state;
  }
}
