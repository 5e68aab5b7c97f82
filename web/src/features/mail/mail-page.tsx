// `/mail`: the mail this server kept instead of sending it (no SMTP_URL). A person reads the mail
// to their own verified address (this server's links in it are links); an administrator reads all
// of it, verifies accounts by hand and makes one-time reset links to hand over; an unverified
// address of ADMIN_EMAILS verifies itself here with the code printed in the server's log.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  useEnterVerificationCode,
  useMakeResetLinkAsAdmin,
  useRequestVerificationCode,
  useVerifyAccountAsAdmin,
} from '../../../../generated/react-query/admin/admin';
import { getListOutboxMailQueryKey, useListOutboxMail } from '../../../../generated/react-query/mail/mail';
import type { MakeResetLinkAsAdmin200, OutboxList, VerifyAccountAsAdmin200 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey, useSession } from '../../platform/session';
import { MailText } from './mail-text';
import { useAuthSettings } from '../auth/auth-settings';
import { Field, FormError } from '../auth/form-parts';
import { BrowserInvitesAdmin } from '../browser/browser-invites-admin';

export default function MailPage() {
  const { user, isLoading } = useSession();
  const settings = useAuthSettings();
  const outbox = useListOutboxMail({ query: { enabled: !!user, select: (r) => r.data as OutboxList } });
  if (isLoading) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-8 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Mail kept on this server</h1>
      {!user && <p>Sign in to read the mail sent to you.</p>}
      {user && !user.email_verified && (
        <p>
          Your address is not verified yet: its mail shows here once it is.
          {settings && !settings.mail_configured && !outbox.data?.verify_by_code && ' This server sends no mail: ask its administrator to verify it.'}
        </p>
      )}
      {user && !user.email_verified && outbox.data?.verify_by_code && <VerificationCodeForm />}
      {user?.is_admin && <VerifyAccountForm />}
      {user?.is_admin && <ResetLinkForm />}
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
                <MailText text={m.text} />
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

/** An unverified address of ADMIN_EMAILS on a server without mail: the code printed in the server's log verifies it. */
function VerificationCodeForm() {
  const queryClient = useQueryClient();
  const enter = useEnterVerificationCode({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getListOutboxMailQueryKey() });
      },
    },
  });
  const again = useRequestVerificationCode();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    again.reset();
    enter.mutate({ data: { code: String(new FormData(e.currentTarget).get('code')).trim() } });
  };
  return (
    <form onSubmit={submit} aria-label="Verify your address with a code" className="space-y-3">
      <h2 className="text-lg font-medium">Verify your address</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Your address is an administrator’s of this server, which sends no mail. When you signed up, the server printed a one-time code in its log: the terminal
        running <code>make start</code> shows a line “One-time code to verify {'<your address>'}: …”. The code works for 15 minutes.
      </p>
      <Field label="Enter the code printed in the server’s log" name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={32} />
      {enter.isError && <FormError>{problemMessage(enter.error)}</FormError>}
      {again.isError && <FormError>{problemMessage(again.error)}</FormError>}
      {again.isSuccess && <p role="status">A new code is printed in the server’s log; the last one no longer works.</p>}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={enter.isPending}>
          Verify
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={again.isPending}
          onClick={() => {
            enter.reset();
            again.mutate();
          }}
        >
          Print a new code
        </button>
      </div>
    </form>
  );
}

/** A one-time link to choose a new password, for an administrator to hand over where no reset mail reaches anyone. */
function ResetLinkForm() {
  const make = useMakeResetLinkAsAdmin();
  const [link, setLink] = useState<MakeResetLinkAsAdmin200 | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setLink(null);
    make.mutate(
      { data: { email: String(new FormData(form).get('email')).trim() } },
      {
        onSuccess: (r) => {
          setLink(r.data as MakeResetLinkAsAdmin200);
          form.reset();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Make a password reset link" className="space-y-3">
      <h2 className="text-lg font-medium">Make a password reset link</h2>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        For someone who forgot their password: a link with which they choose a new one, to hand to them yourself.
      </p>
      <Field label="Account email" name="email" type="email" autoComplete="off" maxLength={254} />
      {make.isError && <FormError>{problemMessage(make.error)}</FormError>}
      {link && (
        <div role="status" className="space-y-1 text-sm">
          <p>
            Hand this link to {link.email}. It works once, until {new Date(link.expires_at).toLocaleString()}; setting a password with it signs them out
            everywhere.
          </p>
          <input readOnly aria-label="Reset link" className="field font-mono" value={link.url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
      <button type="submit" className="btn-primary" disabled={make.isPending}>
        Make a link
      </button>
    </form>
  );
}
