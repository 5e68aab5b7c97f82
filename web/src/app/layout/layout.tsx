// The shell around every page: sidebar, page outlet, modal host, toasts, shortcuts and the
// floating sign-up card.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignupCard } from '../../features/auth/signup-card';
import { ModalProvider } from '../modals/host';
import { currentPlatform } from '../platform';
import { useSettings } from '../settings/store';
import { displayKeys } from '../shortcuts/keys';
import { effectiveBindings } from '../shortcuts/registry';
import { useColourScheme } from '../settings/theme';
import { Toaster } from '../toaster';
import { useNewThread, useShellShortcuts } from './shell-shortcuts';
import { Sidebar } from './sidebar';

export function Layout() {
  useColourScheme();
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
      <Sidebar onNewThread={newThread} newThreadKeys={first ? displayKeys(first, platform.os) : []} />
      <main className="min-w-0 flex-1">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SignupCard />
    </div>
  );
}
