// When the one-tap sign-in prompt shows (seed 000 "Visitors and login"): it fetches the
// identity providers with up to 4 retries 500 ms apart, and is skipped for signed-in people,
// while the session loads, on a phone, in a new-tab or install-sidecar context, and on the paths
// below (the seed does not list them; these are the pages that sign in or pay themselves, or where
// a prompt would be in the way of a task). Pure, so the rules are tested without a browser.

export const ONE_TAP = { retries: 4, retryDelayMs: 500 } as const;

/** The query parameter a new-tab page is opened with (the browser extension's new tab). */
export const NEW_TAB_PARAM = 'newtab';

/** Paths where the prompt never shows: a prefix ends with '/'. */
export const ONE_TAP_SKIPPED_PATHS = [
  '/auth/',
  '/join/',
  '/account/',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/max/payment',
  '/welcome',
  '/onboarding',
  '/download',
  '/get-the-app',
  '/mail',
  '/search/',
] as const;

export type OneTapFacts = {
  signedIn: boolean;
  loading: boolean;
  phone: boolean;
  newTab: boolean;
  sidecar: boolean;
  path: string;
  dismissed: boolean;
};

export type OneTapSkip = 'signed-in' | 'loading' | 'phone' | 'new-tab' | 'sidecar' | 'path' | 'dismissed' | null;

const skippedPath = (path: string) => ONE_TAP_SKIPPED_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) || `${path}/` === p : path === p));

/** Why the prompt does not show here, or null when it does. */
export function oneTapSkip(f: OneTapFacts): OneTapSkip {
  if (f.loading) return 'loading';
  if (f.signedIn) return 'signed-in';
  if (f.sidecar) return 'sidecar';
  if (f.phone) return 'phone';
  if (f.newTab) return 'new-tab';
  if (skippedPath(f.path)) return 'path';
  if (f.dismissed) return 'dismissed';
  return null;
}
