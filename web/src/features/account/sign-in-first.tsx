// What a profile modal says to someone signed out: the edit needs an account; Sign in opens the login modal.
import { useModals } from '../../platform/modals/context';

export function SignInFirst({ what, close }: { what: string; close: () => void }) {
  const { open } = useModals();
  return (
    <>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">Sign in to {what}.</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            close();
            open('login', { origin: 'profile' });
          }}
        >
          Sign in
        </button>
      </div>
    </>
  );
}
