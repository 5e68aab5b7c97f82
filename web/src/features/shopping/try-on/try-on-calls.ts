// The try-on calls with the seed's timeouts (§9: avatar 40 s, try-on 35 s), and the avatar read
// whose failure is a result, not an error (§7: status 'error' with try_on_photo_url null).
import { generateShoppingTryOn, generateTryOnAvatar, getGetTryOnAvatarQueryKey, getTryOnAvatar } from '../../../../../generated/react-query/try-on/try-on';
import type { TryOnAvatar, TryOnResult } from '../../../../../generated/react-query/model';
import { TRY_ON_LIMITS } from './texts';

export const avatarQueryKey = getGetTryOnAvatarQueryKey;

export async function readAvatar(): Promise<TryOnAvatar> {
  try {
    return (await getTryOnAvatar()).data as TryOnAvatar;
  } catch {
    return { status: 'error', try_on_photo_url: null };
  }
}

/** The generated avatar, or status 'error' when the call fails or times out. */
export async function generateAvatar(body: { user_image_url: string; selfie_image_url?: string }): Promise<TryOnAvatar> {
  try {
    return (await generateTryOnAvatar(body, { timeoutMs: TRY_ON_LIMITS.avatarTimeoutMs })).data as TryOnAvatar;
  } catch {
    return { status: 'error', try_on_photo_url: null };
  }
}

export async function tryOnProduct(body: { image_url: string; product_image_url: string }): Promise<TryOnResult> {
  return (await generateShoppingTryOn(body, { timeoutMs: TRY_ON_LIMITS.tryOnTimeoutMs })).data as TryOnResult;
}
