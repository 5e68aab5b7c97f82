// Student verification (seed 002 §4): what verifying takes; this server cannot verify students yet.
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';

export default function StudentVerificationModal({ close }: ModalProps) {
  return (
    <div className="space-y-4">
      <ModalTitle>Student verification</ModalTitle>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Verifying that you are a student takes an email address from your school or university, or a document that shows you are enrolled this term.
      </p>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">This server does not verify students yet.</p>
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}
