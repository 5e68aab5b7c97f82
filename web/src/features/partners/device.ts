// Which phone (if any) the page is open on, for the get-the-app screen's title and buttons.
import type { StoreRating } from '../../../../generated/react-query/model';

export type DeviceType = 'ios' | 'android' | 'desktop';

export function deviceType(userAgent: string = globalThis.navigator?.userAgent ?? ''): DeviceType {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

/** Seed 002 §2: the title by device type. */
export const GET_THE_APP_TITLE: Record<DeviceType, string> = {
  ios: 'Install the iPhone App now',
  android: 'Install the Android App now',
  desktop: 'Get the app now',
};

export type StoreRatings = { ios_rating: StoreRating | null; android_rating: StoreRating | null };

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** "4.9 out of 5 · 80K reviews", from the store's figures as the operator configured them. */
export const ratingText = (r: NonNullable<StoreRating>) => `${r.stars} out of 5 · ${compact.format(r.reviews)} ${r.reviews === 1 ? 'review' : 'reviews'}`;

/**
 * Seed 002 §2's rating block per platform, with the operator's figures only (APP_STORE_RATING,
 * PLAY_STORE_RATING): a phone shows its own store's, a computer each store's that is set.
 * Nothing is shown that is not configured.
 */
export function ratingsFor(device: DeviceType, stores: StoreRatings): { store: string; text: string }[] {
  const all = [
    { device: 'ios', store: 'App Store', rating: stores.ios_rating },
    { device: 'android', store: 'Google Play', rating: stores.android_rating },
  ] as const;
  return all.filter((r) => r.rating && (device === 'desktop' || device === r.device)).map((r) => ({ store: r.store, text: ratingText(r.rating!) }));
}
