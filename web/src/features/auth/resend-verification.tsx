// "Send a new link" for a signed-in person whose address is not verified yet; on a server that
// sends no mail it says who verifies instead.
import { useSendVerificationEmail } from '../../../../generated/react-query/auth/auth';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { useAuthSettings } from './auth-settings';

export function ResendVerification() {
  const { user } = useSession();
  const settings = useAuthSettings();
  const resend = useSendVerificationEmail();
  if (!user || user.email_verified) return null;
  if (settings && !settings.mail_configured)
    return <p className="text-sm text-neutral-600 dark:text-neutral-400">This server sends no mail: ask its administrator to verify {user.email}.</p>;
  if (resend.isSuccess) return <p role="status">We mailed a new link to {user.email}.</p>;
  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send a new link'}
      </button>
      {resend.isError && <p role="alert">{problemMessage(resend.error)}</p>}
    </div>
  );
}
