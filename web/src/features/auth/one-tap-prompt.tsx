// The one-tap sign-in prompt (seed 000 "Visitors and login"): a small card at the top right for a
// signed-out visitor, with a button per identity provider the server is configured with (OpenID
// Connect, Google, Microsoft, GitHub), so signing in is one click away. None configured: no
// prompt (the sign-up card stays). Its skip rules are in one-tap-rules.ts; dismissing it is kept
// in settings.
import { useLocation } from 'react-router';
import { useGetAuthSettings } from '../../../../generated/react-query/auth/auth';
import type { GetAuthSettings200 } from '../../../../generated/react-query/model';
import { IS_INSTALL_SIDECAR } from '../../platform/environment';
import { useSession } from '../../platform/session';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { DESKTOP_QUERY, useMediaQuery } from '../../platform/use-media-query';
import { X } from '../../ui/icons';
import { ProviderButtonList } from './provider-buttons';
import { NEW_TAB_PARAM, ONE_TAP, oneTapSkip } from './one-tap-rules';

export const ONE_TAP_BANNER = 'one-tap';

export function OneTapPrompt() {
  const { user, isLoading } = useSession();
  const { dismissedBanners } = useSettings();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { pathname, search } = useLocation();
  const skip = oneTapSkip({
    signedIn: !!user,
    loading: isLoading,
    phone: !desktop,
    newTab: new URLSearchParams(search).has(NEW_TAB_PARAM),
    sidecar: IS_INSTALL_SIDECAR,
    path: pathname,
    dismissed: dismissedBanners.includes(ONE_TAP_BANNER),
  });
  const settings = useGetAuthSettings({
    query: { enabled: skip === null, retry: ONE_TAP.retries, retryDelay: ONE_TAP.retryDelayMs, select: (r) => r.data as GetAuthSettings200 },
  });
  const providers = settings.data?.providers ?? [];
  if (skip !== null || providers.length === 0) return null;
  const dismiss = () => updateSettings((s) => ({ dismissedBanners: [...s.dismissedBanners, ONE_TAP_BANNER] }));
  return (
    <section
      aria-labelledby="one-tap-title"
      className="fixed top-4 right-4 z-20 w-[300px] rounded-2xl border border-neutral-200 bg-white p-4 shadow-lg dark:border-neutral-800 dark:bg-neutral-900"
    >
      <button
        type="button"
        aria-label="Close sign-in prompt"
        onClick={dismiss}
        className="absolute right-2 top-2 rounded-full p-1.5 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      >
        <X className="size-4" />
      </button>
      <h2 id="one-tap-title" className="pr-6 text-sm font-semibold">
        Sign in with one tap
      </h2>
      <div className="mt-3 space-y-2">
        <ProviderButtonList providers={providers} here={`${pathname}${search}`} />
      </div>
    </section>
  );
}
