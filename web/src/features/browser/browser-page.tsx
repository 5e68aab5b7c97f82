// `/download`: get the assistant browser. The download buttons, the download mail, and (signed in)
// the invite code a person was given.
import { useSession } from '../../platform/session';
import { DownloadButtons } from './download-buttons';
import { DownloadEmailForm } from './download-email-form';
import { InviteClaim } from './invite-claim';

export default function BrowserPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Get the assistant browser</h1>
      <section aria-label="Downloads" className="space-y-3">
        <DownloadButtons />
      </section>
      <section aria-label="Send the download link" className="space-y-3">
        <h2 className="text-lg font-medium">Download on another computer</h2>
        <DownloadEmailForm defaultEmail={user?.email ?? ''} />
      </section>
      <section aria-label="Invite" className="space-y-3">
        <h2 className="text-lg font-medium">Invite code</h2>
        {user ? <InviteClaim /> : <p>Sign in to enter an invite code.</p>}
      </section>
    </div>
  );
}
