// "Password" on /account/details: an account with a password changes it; one made by an identity
// provider's sign-in has none, and sets a first one here (then changes it like any other).
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { getGetPasswordStatusQueryKey, useGetPasswordStatus, useSetPassword } from '../../../../generated/react-query/auth/auth';
import type { PasswordStatus } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from '../auth/form-parts';
import { ChangePasswordForm } from './change-password-form';

/** Whether the signed-in account has a password: undefined while it is being asked (or nobody is signed in). */
export function useHasPassword(signedIn: boolean) {
  return useGetPasswordStatus({ query: { enabled: signedIn, select: (r) => (r.data as PasswordStatus).has_password } }).data;
}

function SetPasswordForm({ onSet }: { onSet: () => Promise<unknown> }) {
  const set = useSetPassword({ mutation: { onSuccess: onSet } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set.mutate({ data: { new_password: String(new FormData(e.currentTarget).get('new')) } });
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Set a password">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        You sign in with an identity provider, so this account has no password here. Set one to also sign in with your email address, and to turn on two-factor
        authentication.
      </p>
      <Field label="New password" name="new" type="password" autoComplete="new-password" minLength={8} maxLength={128} hint="At least 8 characters." />
      {set.isError && <FormError>{problemMessage(set.error)}</FormError>}
      <button type="submit" className="btn-primary" disabled={set.isPending}>
        {set.isPending ? 'Saving…' : 'Set password'}
      </button>
    </form>
  );
}

export function PasswordSection({ hasPassword }: { hasPassword: boolean | undefined }) {
  const queryClient = useQueryClient();
  const [justSet, setJustSet] = useState(false);
  if (hasPassword === undefined) return null;
  if (!hasPassword)
    return (
      <SetPasswordForm
        onSet={async () => {
          setJustSet(true);
          await queryClient.invalidateQueries({ queryKey: getGetPasswordStatusQueryKey() });
        }}
      />
    );
  return (
    <div className="space-y-3">
      {justSet && <p role="status">Your password is set. We sent a notice to your email address.</p>}
      <ChangePasswordForm />
    </div>
  );
}
