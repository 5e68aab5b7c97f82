// The username modal (seed 000's "username"): a unique handle, 3 to 30 letters, digits, dots or
// underscores, shown where the person's shared threads name their author.
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from './sign-in-first';
import { UsernameForm } from './username-form';

export default function UsernameModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Username</ModalTitle>
      {user ? (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Your shared threads name you by it. No other account can have it.</p>
          <UsernameForm
            username={user.username}
            onSaved={() => {
              toast('Your username is saved.', { duration: TOAST_DURATION.short });
              close();
            }}
          />
        </>
      ) : (
        <SignInFirst what="choose a username" close={close} />
      )}
    </div>
  );
}
