// `/reset-password?token=…`, the link of the reset mail: a new password, then every device is
// signed out and the person signs in with it.
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../../../generated/react-query/auth/auth';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { Field, FormError } from './form-parts';
import { PageCard } from './page-card';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const reset = useResetPassword({ mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey() }) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    reset.mutate({ data: { token, new_password: String(new FormData(e.currentTarget).get('password')) } });
  };
  if (reset.isSuccess)
    return (
      <PageCard title="Password changed">
        <p role="status">Your password is changed and every device was signed out. Sign in with the new password.</p>
        <Link to="/" className="btn-primary self-start">
          Go to home
        </Link>
      </PageCard>
    );
  return (
    <PageCard title="Choose a new password">
      {!token ? (
        <FormError>This address has no reset token. Open the link from the mail as it is.</FormError>
      ) : (
        <form onSubmit={submit} className="space-y-3" aria-label="Choose a new password">
          <Field label="New password" name="password" type="password" autoComplete="new-password" minLength={8} maxLength={128} hint="At least 8 characters." />
          {reset.isError && <FormError>{problemMessage(reset.error)}</FormError>}
          <button type="submit" className="btn-primary w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Save the new password'}
          </button>
        </form>
      )}
      {reset.isError && (
        <Link to="/forgot-password" className="underline underline-offset-2">
          Ask for a new link
        </Link>
      )}
    </PageCard>
  );
}
