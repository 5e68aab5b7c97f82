// The username on /account/details: unique, 3 to 30 letters, digits, dots or underscores (the
// browser checks the shape; the server also says when another account has it).
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSetAccountUsername } from '../../../../generated/react-query/account/account';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { FormError } from '../auth/form-parts';

/** `onSaved`: called once the server kept the username (a modal closes then). */
export function UsernameForm({ username, onSaved }: { username: string | null | undefined; onSaved?: () => void }) {
  const queryClient = useQueryClient();
  const save = useSetAccountUsername({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
        onSaved?.();
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate({ data: { username: String(new FormData(e.currentTarget).get('username')).trim() } });
  };
  return (
    <form onSubmit={submit} aria-label="Your username" className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="label">Username</span>
          <input
            name="username"
            required
            minLength={3}
            maxLength={30}
            pattern="[A-Za-z0-9_.]+"
            title="3 to 30 letters, digits, dots or underscores"
            defaultValue={username ?? ''}
            autoComplete="username"
            className="field"
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save username'}
        </button>
      </div>
      {save.isSuccess && <p role="status">Your username is saved.</p>}
      {save.isError && <FormError>{problemMessage(save.error)}</FormError>}
    </form>
  );
}
