// A line above every page while the signed-in person's address is not verified: until it is,
// invitations to it cannot be accepted. On a server that sends no mail it says so and points to
// /mail (where an administrator's address verifies itself with the code from the server's log).
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useAuthSettings } from './auth-settings';

export function VerifyEmailBanner() {
  const { user } = useSession();
  const settings = useAuthSettings();
  if (!user || user.email_verified) return null;
  const noMail = settings && !settings.mail_configured;
  return (
    <div
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      {noMail ? (
        <>
          Verify your email address {user.email} to accept invitations. This server sends no mail:{' '}
          <Link to="/mail" className="font-medium underline underline-offset-2">
            see how to verify it
          </Link>
        </>
      ) : (
        <>
          Verify your email address {user.email} to accept invitations: open the link we mailed you.{' '}
          <Link to="/account/details" className="font-medium underline underline-offset-2">
            Send a new link
          </Link>
        </>
      )}
    </div>
  );
}
