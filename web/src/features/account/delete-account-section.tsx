// "Delete account" on /account/details: the person chooses, for each Space they own, a member who
// joined it to hand it to (or removes it), gives their password and types DELETE, then confirms.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeleteAccount, useListOwnedSpacesForDeletion } from '../../../../generated/react-query/data-rights/data-rights';
import type { OwnedSpaceList } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { problemMessage } from '../../platform/problem';
import { sessionQueryKey } from '../../platform/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, FormError } from '../auth/form-parts';

const REMOVE = '';
/** The server's refusal while the person is the last owner of an organisation others are in. */
const LAST_OWNER = 'last_owner_must_hand_over';
const CONFIRMATION = 'DELETE';

type Request = { password: string; confirmation: string; hand_over: Record<string, string> };

function SpaceChoice({ space, value, onChange }: { space: OwnedSpaceList['spaces'][number]; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="min-w-40 text-sm font-medium">
        {space.title}
      </label>
      <select id={id} className="field max-w-xs" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={REMOVE}>Remove this Space</option>
        {space.heirs.map((h) => (
          <option key={h.member_id} value={h.member_id}>
            Hand it to {h.name ? `${h.name} (${h.email})` : h.email}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `hasPassword` false: an account made by an identity provider's sign-in, which confirms with a password it must set first. */
export function DeleteAccountSection({ hasPassword }: { hasPassword?: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Request | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const owned = useListOwnedSpacesForDeletion({ query: { enabled: open, select: (r) => (r.data as OwnedSpaceList).spaces } });
  const remove = useDeleteAccount({
    mutation: {
      onSuccess: async () => {
        setConfirming(null);
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
        navigate('/');
      },
      onError: () => setConfirming(null),
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const hand_over = Object.fromEntries(Object.entries(choices).filter(([, member]) => member !== REMOVE));
    setConfirming({ password: String(f.get('password')), confirmation: String(f.get('confirmation')), hand_over });
  };
  if (!open)
    return (
      <div className="space-y-3">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Deleting your account removes your threads, files, bookmarks and exports, and erases your name and email from everything kept here. It cannot be
          undone.
        </p>
        <button type="button" className="btn-secondary !text-red-700 dark:!text-red-400" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
    );
  if (hasPassword === false)
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Deleting your account asks for your password, and this account has none yet: set a password above first.
      </p>
    );
  const spaces = owned.data ?? [];
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Delete account">
      {spaces.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Your Spaces</legend>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Hand a Space to a member who joined it and it stays, with its files and the other members’ threads (your own threads are deleted); otherwise it is
            removed.
          </p>
          {spaces.map((s) => (
            <SpaceChoice key={s.uuid} space={s} value={choices[s.uuid] ?? REMOVE} onChange={(v) => setChoices((c) => ({ ...c, [s.uuid]: v }))} />
          ))}
        </fieldset>
      )}
      <Field label="Current password" name="password" type="password" autoComplete="current-password" maxLength={128} />
      <Field
        label={`Type ${CONFIRMATION} to confirm`}
        name="confirmation"
        type="text"
        autoComplete="off"
        maxLength={100}
        hint="Your account and your data are deleted for good."
      />
      {remove.isError && (
        <FormError>
          {problemMessage(remove.error)}
          {remove.error instanceof ApiError && remove.error.code === LAST_OWNER && (
            <>
              {' '}
              <Link to="/account/org/members" className="font-medium underline">
                Hand over ownership
              </Link>
            </>
          )}
        </FormError>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary !bg-red-600 !text-white hover:!bg-red-700" disabled={remove.isPending}>
          Delete my account
        </button>
        <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Delete your account?"
        description="Everything you own here is deleted or handed over as you chose, and you are signed out everywhere. This cannot be undone."
        confirmLabel="Delete for good"
        destructive
        busy={remove.isPending}
        onConfirm={() => confirming && remove.mutate({ data: confirming })}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
