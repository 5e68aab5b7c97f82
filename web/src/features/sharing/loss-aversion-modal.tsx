// "Lose your answer?" (seed 003 §2, the loss-aversion modal): an anonymous visitor leaving an
// answer is offered to sign up or log in to keep it, or to go on without it.
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import type { LossAversionArgs } from './sharing-args';

export default function LossAversionModal({ args, close }: ModalProps<LossAversionArgs>) {
  const modals = useModals();
  const login = (mode: 'sign-in' | 'sign-up') => {
    close();
    modals.open('login', { origin: 'loss-aversion', mode, title: mode === 'sign-up' ? 'Sign up to save this answer' : 'Log in to save this answer' });
  };
  return (
    <div className="space-y-5">
      <div className="space-y-1.5">
        <ModalTitle>Lose your answer?</ModalTitle>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">To save this answer, sign up or log in.</p>
      </div>
      <div className="flex flex-col gap-2">
        <button type="button" className="btn-primary justify-center" onClick={() => login('sign-up')}>
          Sign up or log in
        </button>
        <button type="button" className="btn-secondary justify-center" onClick={() => login('sign-in')}>
          Log in to save this answer
        </button>
        {args.onLeave && (
          <button
            type="button"
            className="btn-ghost justify-center text-neutral-500"
            onClick={() => {
              close();
              args.onLeave?.();
            }}
          >
            Leave without saving
          </button>
        )}
      </div>
    </div>
  );
}
