// Which phone (if any) the page is open on, for the get-the-app screen's title and buttons.
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

/** Seed 002 §2: "iOS 4.9 with 80K reviews; Android 4.8 with 252K …; default 4.9 with 52K." */
export const APP_RATING: Record<DeviceType, { stars: number; reviews: string }> = {
  ios: { stars: 4.9, reviews: '80K' },
  android: { stars: 4.8, reviews: '252K' },
  desktop: { stars: 4.9, reviews: '52K' },
};
