// A line above every page while the signed-in person's address is not verified: until it is,
// invitations to it cannot be accepted. It says where the link is: in the inbox where mail leaves
// the server; on a server without mail, /mail says how (an administrator's address verifies itself
// with the code printed in the server's log; others ask the administrator).
import { Link } from 'react-router';
import { useSession } from '../../platform/session';
import { useAuthSettings } from './auth-settings';

export function VerifyEmailBanner() {
  const { user } = useSession();
  const settings = useAuthSettings();
  if (!user || user.email_verified || !settings) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      {settings.mail_configured ? (
        <>
          Verify your email address {user.email} to accept invitations: open the link we mailed you.{' '}
          <Link to="/account/details" className="font-medium underline underline-offset-2">
            Send a new link
          </Link>
        </>
      ) : (
        <>
          Your email address {user.email} is not verified yet, so invitations to it cannot be accepted. This server sends no mail:{' '}
          <Link to="/mail" className="font-medium underline underline-offset-2">
            see how to verify it
          </Link>
          .
        </>
      )}
    </div>
  );
}
