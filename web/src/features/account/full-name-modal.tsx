// The full name modal (seed 000's "full name"): the name shown on the person's threads and to
// those they share with, edited in place; saved, it closes with a toast.
import type { ModalProps } from '../../platform/modals/types';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { NameForm } from './name-form';
import { SignInFirst } from './sign-in-first';

export default function FullNameModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Full name</ModalTitle>
      {user ? (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Shown on your threads and to the people you share them with.</p>
          <NameForm
            name={user.name}
            onSaved={() => {
              toast('Your name is saved.', { duration: TOAST_DURATION.short });
              close();
            }}
          />
        </>
      ) : (
        <SignInFirst what="choose your name" close={close} />
      )}
    </div>
  );
}
