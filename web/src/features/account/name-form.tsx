// The name on /account/details: shown on the person's threads and to those they share with.
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useUpdateAccountProfile } from '../../../../generated/react-query/account/account';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { FormError } from '../auth/form-parts';

/** `onSaved`: called once the server kept the name (a modal closes then). */
export function NameForm({ name, onSaved }: { name: string; onSaved?: () => void }) {
  const queryClient = useQueryClient();
  const update = useUpdateAccountProfile({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
        onSaved?.();
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    update.mutate({ data: { name: String(new FormData(e.currentTarget).get('name')) } });
  };
  return (
    <form onSubmit={submit} aria-label="Your name" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="label">Name</span>
          <input name="name" required maxLength={100} defaultValue={name} autoComplete="name" className="field" />
        </label>
        <button type="submit" className="btn-secondary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save name'}
        </button>
      </div>
      {update.isSuccess && <p role="status">Your name is saved.</p>}
      {update.isError && <FormError>{problemMessage(update.error)}</FormError>}
    </form>
  );
}
