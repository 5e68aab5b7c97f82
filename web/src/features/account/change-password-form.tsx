// Changing the password on /account/details: the current one is needed; other devices can be
// signed out at the same time.
import type { FormEvent } from 'react';
import { useChangePassword } from '../../../../generated/react-query/auth/auth';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from '../auth/form-parts';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    change.mutate(
      {
        data: {
          current_password: String(f.get('current')),
          new_password: String(f.get('new')),
          sign_out_other_sessions: f.get('others') === 'on',
        },
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Change password">
      <Field label="Current password" name="current" type="password" autoComplete="current-password" maxLength={128} />
      <Field label="New password" name="new" type="password" autoComplete="new-password" minLength={8} maxLength={128} hint="At least 8 characters." />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="others" /> Sign out my other devices
      </label>
      {change.isError && <FormError>{problemMessage(change.error)}</FormError>}
      {change.isSuccess && <p role="status">Your password is changed.</p>}
      <button type="submit" className="btn-primary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
