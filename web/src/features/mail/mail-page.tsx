// `/mail`: the mail this server kept instead of sending it (no SMTP_URL). A person reads the mail
// to their own verified address; an administrator reads all of it and verifies accounts by hand.
import { type FormEvent, useState } from 'react';
import { useVerifyAccountAsAdmin } from '../../../../generated/react-query/admin/admin';
import { useListOutboxMail } from '../../../../generated/react-query/mail/mail';
import type { OutboxList, VerifyAccountAsAdmin200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../app/problem';
import { useSession } from '../../app/session';
import { Field, FormError } from '../auth/form-parts';
import { BrowserInvitesAdmin } from '../browser/browser-invites-admin';

export default function MailPage() {
  const { user, isLoading } = useSession();
  const outbox = useListOutboxMail({ query: { enabled: !!user, select: (r) => r.data as OutboxList } });
  if (isLoading) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Mail kept on this server</h1>
      {!user && <p>Sign in to read the mail sent to you.</p>}
      {user && !user.email_verified && <p>Your address is not verified yet: its mail shows here once it is.</p>}
      {user?.is_admin && <VerifyAccountForm />}
      {user?.is_admin && <BrowserInvitesAdmin />}
      {outbox.isError && <FormError>{problemMessage(outbox.error)}</FormError>}
      {outbox.data && outbox.data.items.length === 0 && user?.email_verified && <p>No mail yet.</p>}
      {outbox.data && outbox.data.items.length > 0 && (
        <ul aria-label="Mail" className="space-y-4">
          {outbox.data.items.map((m) => (
            <li key={m.id} className="rounded-lg border border-neutral-200 p-4 dark:border-neutral-700">
              <article aria-label={m.subject}>
                <h2 className="font-medium">{m.subject}</h2>
                <p className="text-xs text-neutral-500 dark:text-neutral-400">
                  To {m.to} · {new Date(m.queued_at).toLocaleString()}
                </p>
                <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">{m.text}</pre>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VerifyAccountForm() {
  const verify = useVerifyAccountAsAdmin();
  const [done, setDone] = useState<VerifyAccountAsAdmin200 | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setDone(null);
    verify.mutate(
      { data: { email: String(new FormData(form).get('email')).trim() } },
      {
        onSuccess: (r) => {
          setDone(r.data as VerifyAccountAsAdmin200);
          form.reset();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Verify an account" className="space-y-3">
      <h2 className="text-lg font-medium">Verify an account</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">As an administrator, mark an account’s address as verified when no mail can reach it.</p>
      <Field label="Account email" name="email" type="email" autoComplete="off" maxLength={254} />
      {verify.isError && <FormError>{problemMessage(verify.error)}</FormError>}
      {done && <p role="status">{done.status === 'verified' ? `${done.email} is verified.` : `${done.email} was already verified.`}</p>}
      <button type="submit" className="btn-primary" disabled={verify.isPending}>
        Verify
      </button>
    </form>
  );
}
