// The floating sign-up card for anonymous visitors on a desktop-wide screen (seeds: "Sign in or
// create an account", "Unlock Pro Search and History"), 300 px wide at the bottom right.
// Dismissing it is kept forever in settings. Not on thread pages, where it would cover the
// follow-up box (the "Lose your answer?" prompt belongs there).
import { X } from '../../ui/icons';
import { useLocation } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { updateSettings, useSettings } from '../../platform/settings/store';
import { DESKTOP_QUERY, useMediaQuery } from '../../platform/use-media-query';

export const SIGNUP_CARD_BANNER = 'signup-card';

export function SignupCard() {
  const { user, isLoading } = useSession();
  const { dismissedBanners } = useSettings();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { open } = useModals();
  const onThread = useLocation().pathname.startsWith('/search');
  if (isLoading || user || !desktop || onThread || dismissedBanners.includes(SIGNUP_CARD_BANNER)) return null;

  const dismiss = () => updateSettings((s) => ({ dismissedBanners: [...s.dismissedBanners, SIGNUP_CARD_BANNER] }));
  return (
    <section
      aria-labelledby="signup-card-title"
      className="fixed bottom-4 right-4 z-20 w-[300px] rounded-2xl border border-neutral-200 bg-white p-4 shadow-lg dark:border-neutral-800 dark:bg-neutral-900"
    >
      <button
        type="button"
        aria-label="Dismiss"
        onClick={dismiss}
        className="absolute right-2 top-2 rounded-full p-1.5 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      >
        <X className="size-4" />
      </button>
      <h2 id="signup-card-title" className="pr-6 text-sm font-semibold">
        Sign in or create an account
      </h2>
      <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">Unlock Pro Search and History</p>
      <div className="mt-3 flex gap-2">
        <button type="button" className="btn-primary flex-1 px-3 py-1.5" onClick={() => open('login', { origin: 'signup-card', mode: 'sign-up' })}>
          Sign up
        </button>
        <button type="button" className="btn-secondary flex-1 px-3 py-1.5" onClick={() => open('login', { origin: 'signup-card' })}>
          Sign in
        </button>
      </div>
    </section>
  );
}
