// The seeds' routes. Every page loads lazily; pages of later features say which feature brings
// them, and show no fake data.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './layout/layout';
import { RouteError } from './route-error';

type Lazy = RouteObject['lazy'];

const page =
  (load: () => Promise<{ default: ComponentType }>): Lazy =>
  async () => ({ Component: (await load()).default });
const later =
  (title: string, text: string): Lazy =>
  async () => {
    const { PlaceholderPage } = await import('../features/pages/placeholder-page');
    return { Component: () => <PlaceholderPage title={title}>{text}</PlaceholderPage> };
  };

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('../features/home/home-page')) },
      { path: '/search', lazy: page(() => import('../features/search/search-redirect')) },
      { path: '/search/new', lazy: page(() => import('../features/search/new-thread-page')) },
      { path: '/search/render', lazy: later('Rendered answer', 'Rendered answers arrive with the answer engine.') },
      { path: '/search/:slug', lazy: page(() => import('../features/search/thread-page')) },
      { path: '/spaces', lazy: page(() => import('../features/spaces/spaces-page')) },
      { path: '/spaces/:slug', lazy: page(() => import('../features/spaces/space-page')) },
      { path: '/library', lazy: page(() => import('../features/library/library-page')) },
      { path: '/settings', lazy: page(() => import('../features/settings/settings-page')) },
      { path: '/account/files', lazy: page(() => import('../features/files/my-files-page')) },
      { path: '/account/org/files', lazy: page(() => import('../features/files/org-files-page')) },
      { path: '/files/:fileUuid', lazy: page(() => import('../features/files/file-view-page')) },
      { path: '/welcome', lazy: later('Welcome', 'The welcome tour arrives with the onboarding feature.') },
      { path: '/onboarding', lazy: later('Onboarding', 'Onboarding arrives with the onboarding feature.') },
      { path: '/join/*', lazy: later('Join', 'Joining an organisation arrives with the Enterprise feature.') },
      { path: '/discover/:slug', lazy: page(() => import('../features/article/article-page')) },
      { path: '/discover/*', lazy: later('Discover', 'Discover arrives with the Discover feature.') },
      { path: '/finance', lazy: later('Finance', 'Finance arrives with the watchlist feature.') },
      { path: '/page/:slug', lazy: page(() => import('../features/article/article-page')) },
      { path: '/page/*', lazy: later('Pages', 'Pages arrive with the Pages feature.') },
      { path: '/auth/windows-app', lazy: later('Windows app sign-in', 'Signing in to the Windows app arrives with the desktop app.') },
      { path: '/auth/sso', lazy: later('Single sign-on', 'Single sign-on arrives with the SSO feature.') },
      { path: '/auth/error', lazy: later('Sign-in failed', 'Something went wrong while signing in. Please try again.') },
      { path: '/b/assistants', lazy: later('Assistants', 'Assistants arrive with the assistant browser.') },
      { path: '/b/mission-control', lazy: later('Mission control', 'Mission control arrives with the assistant browser.') },
      { path: '/b/home', lazy: later('Assistant browser', 'The assistant-browser home arrives with the assistant browser.') },
      { path: '*', lazy: later('Page not found', 'There is nothing at this address.') },
    ],
  },
];
