// Every page but home, each one's code loaded on demand as a React.lazy component (or the page
// itself once its code is in: PageOrLazyPage), which the layout's Suspense waits for, rather than
// as a lazy route: a lazy route makes the router hold the first render until the page's code is
// in (with a HydrateFallback warning), while this way the shell shows at once. This module imports
// no page and none of the shell, so an entry can ask for the opened page's code as it starts
// (preloadPage), while the shell's own code loads: waiting for the shell to render first put the
// page's code a whole second later (make dev-mocks, a thread).
import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';

type PageModule = { default: ComponentType };
type Page = Pick<RouteObject, 'element' | 'handle'>;
/** A page's code: React.lazy's component for it, and the page itself once its code is in. */
type PageCode = { LazyPage: ComponentType; loaded: () => ComponentType | undefined };

/**
 * The page itself when its code is already in (an entry's preloadPage asked for it as the app
 * started), else the lazy component. A lazy component suspends at its first render even when its
 * code is in, and React then holds the page back for up to 300 ms (its throttle on revealing
 * suspended content): the first render of a preloaded page came that late.
 */
function PageOrLazyPage({ code }: { code: PageCode }) {
  // Chosen once for each mount: the lazy one turning into the page would mount it afresh.
  const [Shown] = useState(() => code.loaded() ?? code.LazyPage);
  return <Shown />;
}

let pages = 0;
const page = (load: () => Promise<PageModule>): Page => {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const code: PageCode = { LazyPage: lazy(loadAndKeep), loaded: () => loaded };
  // Keyed by page: every page's element is a PageOrLazyPage, and without a key React would keep the
  // one it shows across a move to another page (the same page at another address keeps it, as it should).
  return { element: <PageOrLazyPage key={++pages} code={code} />, handle: { load: loadAndKeep } };
};

export const pageRoutes: RouteObject[] = [
  { path: '/search', ...page(() => import('../features/search/search-redirect')) },
  { path: '/search/new', ...page(() => import('../features/search/new-thread-page')) },
  // A rendered answer for a question in `q`: the same as /search?q=…, a new thread that asks it.
  { path: '/search/render', ...page(() => import('../features/search/search-redirect')) },
  { path: '/search/:slug', ...page(() => import('../features/search/thread-page')) },
  // An earlier entry cited as conversation history (seed 003 §3: its id is the last path segment) opens its thread.
  { path: '/search/:slug/:entry', ...page(() => import('../features/search/thread-page')) },
  { path: '/spaces', ...page(() => import('../features/spaces/spaces-page')) },
  { path: '/spaces/:slug', ...page(() => import('../features/spaces/space-page')) },
  { path: '/library', ...page(() => import('../features/library/library-page')) },
  { path: '/max/payment', ...page(() => import('../features/billing/payment-page')) },
  { path: '/settings', ...page(() => import('../features/settings/settings-page')) },
  {
    path: '/account',
    ...page(() => import('../features/account/account-layout')),
    children: [
      { index: true, element: <Navigate to="/account/details" replace /> },
      { path: 'details', ...page(() => import('../features/account/details-page')) },
      { path: 'files', ...page(() => import('../features/files/my-files-page')) },
      { path: 'preferences', ...page(() => import('../features/account-settings/preferences-page')) },
      { path: 'personalize', ...page(() => import('../features/account-settings/personalize-page')) },
      { path: 'assistant', ...page(() => import('../features/account-settings/assistant-page')) },
      { path: 'site-instructions', ...page(() => import('../features/account-settings/site-instructions-page')) },
      { path: 'pro-perks', ...page(() => import('../features/account-settings/pro-perks-page')) },
      { path: 'purchases', ...page(() => import('../features/shopping/orders/purchases-page')) },
      { path: 'reservations', ...page(() => import('../features/places/reservations-page')) },
      { path: 'notifications', ...page(() => import('../features/notifications/notifications-page')) },
      { path: 'tasks', ...page(() => import('../features/tasks/tasks-page')) },
      { path: 'shortcuts', ...page(() => import('../features/tasks/shortcuts-page')) },
      { path: 'connectors', ...page(() => import('../features/connectors/connectors-page')) },
      { path: 'api', ...page(() => import('../features/api-keys/api-page')) },
    ],
  },
  { path: '/mail', ...page(() => import('../features/mail/mail-page')) },
  { path: '/shopping/merchants', ...page(() => import('../features/shopping/merchants/merchant-feeds-page')) },
  { path: '/agent/:taskUuid', ...page(() => import('../features/agent/agent-task-page')) },
  { path: '/download', ...page(() => import('../features/browser/browser-page')) },
  { path: '/verify-email', ...page(() => import('../features/auth/verify-email-page')) },
  { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
  { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page')) },
  { path: '/auth/sso', ...page(() => import('../features/auth/sso-page')) },
  {
    path: '/account/org',
    ...page(() => import('../features/orgs/org-layout')),
    children: [
      { index: true, element: <Navigate to="/account/org/details" replace /> },
      { path: 'details', ...page(() => import('../features/orgs/details-page')) },
      { path: 'members', ...page(() => import('../features/orgs/members-page')) },
      { path: 'user-access', ...page(() => import('../features/orgs/user-access-page')) },
      { path: 'permissions', ...page(() => import('../features/orgs/permissions-page')) },
      { path: 'insights', ...page(() => import('../features/orgs/insights-page')) },
      { path: 'files', ...page(() => import('../features/files/org-files-page')) },
      { path: 'connectors', ...page(() => import('../features/connectors/org-connectors-page')) },
      // Not in the settings list (it shows no fees, seed 003): the details page links here for owners and admins.
      { path: 'billing', ...page(() => import('../features/orgs/billing-page')) },
    ],
  },
  { path: '/join/org/:orgUuid/:invitationId', ...page(() => import('../features/orgs/join-page')) },
  { path: '/join/p/:partnerCode', ...page(() => import('../features/partners/partner-landing-page')) },
  { path: '/join/p/:partnerCode/:discountCode', ...page(() => import('../features/partners/partner-join-page')) },
  { path: '/get-the-app', ...page(() => import('../features/partners/get-the-app-page')) },
  { path: '/files/:fileUuid', ...page(() => import('../features/files/file-view-page')) },
  { path: '/help', ...page(() => import('../features/help/guide-index-page')) },
  { path: '/help/:name', ...page(() => import('../features/help/guide-page')) },
  { path: '/privacy-policy', ...page(() => import('../features/help/privacy-policy-page')) },
  { path: '/welcome', ...page(() => import('../features/onboarding/welcome-page')) },
  { path: '/onboarding', ...page(() => import('../features/onboarding/onboarding-page')) },
  { path: '/join/*', ...page(() => import('../features/pages/not-found-page')) },
  { path: '/discover', ...page(() => import('../features/discover/discover-page')) },
  { path: '/discover/:slug', ...page(() => import('../features/article/article-page')) },
  { path: '/discover/*', ...page(() => import('../features/pages/not-found-page')) },
  { path: '/finance', ...page(() => import('../features/watchlist/finance-page')) },
  { path: '/page/:slug', ...page(() => import('../features/article/article-page')) },
  { path: '/page/*', ...page(() => import('../features/pages/not-found-page')) },
  { path: '/auth/windows-app', ...page(() => import('../features/pages/not-offered-pages').then((m) => ({ default: m.WindowsAppSignInPage }))) },
  { path: '/auth/error', ...page(() => import('../features/auth/sign-in-failed-page')) },
  ...['/b/assistants', '/b/mission-control', '/b/home'].map((path) => ({
    path,
    ...page(() => import('../features/pages/not-offered-pages').then((m) => ({ default: m.AssistantBrowserPage }))),
  })),
  { path: '*', ...page(() => import('../features/pages/not-found-page')) },
];

/**
 * Starts loading the code of the page at `pathname` (and of the layouts around it); what it
 * loads, in order. Home's code is in the app's first script, so it asks for nothing.
 */
export function preloadPage(pathname: string): Promise<PageModule[]> {
  const matches = matchRoutes([{ path: '/' }, ...pageRoutes], pathname) ?? [];
  const loads = matches.map((m) => (m.route.handle as { load?: () => Promise<PageModule> } | undefined)?.load).filter((load) => !!load);
  return Promise.all(loads.map((load) => load()));
}
