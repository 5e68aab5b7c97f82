// The student verification redirect (seed 000's `studentVerificationRedirect`): where the link in
// the code's mail lands. It enters the code it carried and says how that went: verified (with the
// student offer), or why not, with the way back to the verification modal.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getGetStudentVerificationQueryKey, useConfirmStudentVerificationCode } from '../../../../generated/react-query/students/students';
import type { StudentVerification } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { FormError } from '../auth/form-parts';
import type { StudentVerificationRedirectArgs } from './student-args';
import { StudentOffer } from './student-offer';

export default function StudentVerificationRedirectModal({ close, args }: ModalProps<StudentVerificationRedirectArgs>) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Student verification</ModalTitle>
      {user ? <EnterCode code={args?.code ?? ''} close={close} /> : <SignInFirst what="finish your student verification" close={close} />}
    </div>
  );
}

function EnterCode({ code, close }: { code: string; close: () => void }) {
  const queryClient = useQueryClient();
  const { open } = useModals();
  const confirm = useConfirmStudentVerificationCode({
    mutation: { onSuccess: (res) => queryClient.setQueryData(getGetStudentVerificationQueryKey(), res) },
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once per opening (a strict-mode remount must not spend a try).
    if (sent.current) return;
    sent.current = true;
    confirm.mutate({ data: { code } });
  }, [code, confirm]);
  if (confirm.isSuccess) return <StudentOffer verification={confirm.data.data as StudentVerification} close={close} />;
  if (confirm.isError)
    return (
      <>
        <FormError>{problemMessage(confirm.error)}</FormError>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              close();
              open('studentVerification');
            }}
          >
            Student verification
          </button>
        </div>
      </>
    );
  return <p className="text-sm text-neutral-500">Checking your code…</p>;
}
