// Which build and OS we run on. Build flags come from web/vite.config.ts; they are undefined
// (false) under vitest, where tests pass a Platform explicitly.
import type { Os, Platform } from './shortcuts/keys';

export const IS_INSTALL_SIDECAR = import.meta.env.VITE_INSTALL_SIDECAR === true;
export const IS_WINDOWS_APP = import.meta.env.VITE_WINDOWS_APP === true;

export function detectOs(nav: Pick<Navigator, 'userAgent' | 'platform'> | undefined = globalThis.navigator): Os {
  const hint = `${nav?.platform ?? ''} ${nav?.userAgent ?? ''}`;
  if (/Mac|iPhone|iPad|iPod/i.test(hint)) return 'mac';
  if (/Win/i.test(hint)) return 'windows';
  return 'linux';
}

let platform: Platform | undefined;
/** One stable object per page, so it can sit in hook dependencies. */
export const currentPlatform = (): Platform => (platform ??= { os: IS_WINDOWS_APP ? 'windows' : detectOs(), windowsApp: IS_WINDOWS_APP });
