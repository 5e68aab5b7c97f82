// Addresses of apps this server does not run: the Windows app's sign-in (/auth/windows-app) and
// the assistant browser's pages (/b/home, /b/assistants, /b/mission-control). Each says what it
// is and offers what this server does instead: signing in here, and the agent in the person's own
// browser through the extension. /b/assistants?handle_upsell=true, where an upsell's connector
// flow returns (seed 002), goes on to the connectors it was about.
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { Monitor } from '../../ui/icons';
import { PageMessage } from '../../ui/page-message';

function ExtensionButton() {
  const { open } = useModals();
  return (
    <button type="button" className="btn-primary" onClick={() => open('install')}>
      Add the browser extension
    </button>
  );
}

export function WindowsAppSignInPage() {
  const { user } = useSession();
  const { open } = useModals();
  return (
    <PageMessage
      icon={<Monitor className="size-6" />}
      title="There is no Windows app for this server"
      text={
        user
          ? `You are signed in here as ${user.email}: everything the app does works in this browser, and the agent acts in your tabs through the browser extension.`
          : 'Sign in here in your browser instead: everything the app does works in it, and the agent acts in your tabs through the browser extension.'
      }
      action={
        user ? (
          <ExtensionButton />
        ) : (
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'windows-app' })}>
            Sign in
          </button>
        )
      }
    />
  );
}

const AREA: Record<string, string> = {
  '/b/home': 'The assistant browser’s home',
  '/b/assistants': 'Assistants',
  '/b/mission-control': 'Mission control',
};

export function AssistantBrowserPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/b/assistants' && params.get('handle_upsell') === 'true') return <Navigate replace to="/account/connectors" />;
  return (
    <PageMessage
      icon={<Monitor className="size-6" />}
      title={AREA[pathname] ?? 'Assistant browser'}
      text="This page belongs to the assistant browser, a desktop app this server does not offer. Its agent runs in your own browser instead: add the extension, then ask for a task and choose “Do it in my browser”."
      action={<ExtensionButton />}
    />
  );
}
