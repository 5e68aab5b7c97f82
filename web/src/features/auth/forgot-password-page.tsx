// `/forgot-password`: mails a single-use link to reset the password. The answer is the same
// whether or not the address has an account.
import type { FormEvent } from 'react';
import { useRequestPasswordReset } from '../../../../generated/react-query/auth/auth';
import { problemMessage } from '../../platform/problem';
import { useAuthSettings } from './auth-settings';
import { Field, FormError } from './form-parts';
import { PageCard } from './page-card';

export default function ForgotPasswordPage() {
  const settings = useAuthSettings();
  const request = useRequestPasswordReset();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    request.mutate({ data: { email: String(new FormData(e.currentTarget).get('email')).trim() } });
  };
  if (settings && !settings.mail_configured)
    return (
      <PageCard title="Forgot your password?">
        <p>This server sends no mail, so it cannot mail you a link. Ask its administrator for a reset link: they can make one for your address.</p>
      </PageCard>
    );
  return (
    <PageCard title="Forgot your password?">
      {request.isSuccess ? (
        <p role="status">If an account has this address, we mailed it a link to choose a new password. The link works once, for an hour.</p>
      ) : (
        <form onSubmit={submit} className="space-y-3" aria-label="Reset your password">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">We will mail you a link to choose a new one.</p>
          <Field label="Email" name="email" type="email" autoComplete="email" maxLength={254} />
          {request.isError && <FormError>{problemMessage(request.error)}</FormError>}
          <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Mail me a link'}
          </button>
        </form>
      )}
    </PageCard>
  );
}
