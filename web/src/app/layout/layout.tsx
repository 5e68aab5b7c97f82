// The shell around every page: a skip link, the sidebar (or on a phone the bottom navigation),
// the page outlet, modal host, toasts, shortcuts and the floating sign-up card.
import { Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { useAccountPreferencesSync } from '../../features/account-settings/account-preferences';
import { SignupCard } from '../../features/auth/signup-card';
import { OneTapPrompt } from '../../features/auth/one-tap-prompt';
import { StudentCodeLink } from '../../features/students/student-code-link';
import { VerifyEmailBanner } from '../../features/auth/verify-email-banner';
import { ModalProvider } from '../modals/host';
import { currentPlatform } from '../../platform/environment';
import { useSettings } from '../../platform/settings/store';
import { displayKeys } from '../../platform/shortcuts/keys';
import { effectiveBindings } from '../../platform/shortcuts/registry';
import { useColourScheme } from '../settings/theme';
import { Toaster } from '../toaster';
import { useNewThread, useShellShortcuts } from './shell-shortcuts';
import { PhoneNav } from './phone-nav';
import { Sidebar } from './sidebar';

/** The skip link moves focus to the page itself, past the navigation (the address stays as it is). */
function skipToMain(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}

export function Layout() {
  useColourScheme();
  useAccountPreferencesSync();
  return (
    <ModalProvider>
      <Shell />
      <Toaster />
    </ModalProvider>
  );
}

function Shell() {
  useShellShortcuts();
  const newThread = useNewThread();
  const { shortcuts } = useSettings();
  const platform = currentPlatform();
  const first = effectiveBindings(platform, shortcuts).newThread?.[0];
  return (
    <div className="flex min-h-dvh">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main by convention (and works without script); the click only moves focus without touching the URL's hash, which the router reads. */}
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-full focus:bg-neutral-900 focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-white dark:focus:bg-white dark:focus:text-neutral-900"
      >
        Skip to content
      </a>
      <Sidebar onNewThread={newThread} newThreadKeys={first ? displayKeys(first, platform.os) : []} />
      {/* On a phone the bottom navigation covers the last 4rem. */}
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 pb-16 outline-none md:pb-0">
        <VerifyEmailBanner />
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <PhoneNav onNewThread={newThread} />
      <SignupCard />
      <OneTapPrompt />
      <StudentCodeLink />
    </div>
  );
}
