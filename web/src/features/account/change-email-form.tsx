// Changing the address on /account/details: the current password is needed, and the new address
// takes effect only once the link mailed to it is opened (the old address is then told).
import { type FormEvent, useState } from 'react';
import { useChangeEmail } from '../../../../generated/react-query/auth/auth';
import type { ChangeEmail202 } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { Field, FormError } from '../auth/form-parts';

export function ChangeEmailForm({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const change = useChangeEmail();
  const sent = change.data?.data as ChangeEmail202 | undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    change.mutate({ data: { new_email: String(f.get('new_email')).trim(), current_password: String(f.get('current')) } }, { onSuccess: () => form.reset() });
  };
  if (!open)
    return (
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Change email
      </button>
    );
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Change email">
      <Field label="New email" name="new_email" type="email" autoComplete="email" maxLength={254} />
      <Field label="Current password" name="current" type="password" autoComplete="current-password" maxLength={128} />
      {change.isError && <FormError>{problemMessage(change.error)}</FormError>}
      {sent && (
        <p role="status">
          We sent a link to {sent.new_email}. Open it to finish; until then your address stays {email}.
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Sending…' : 'Send the link'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
