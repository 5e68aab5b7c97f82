// Student verification (seed 000's `studentVerification`, seed 002 §4's upsell): the person gives
// an address at their school, gets a six-digit code by mail and enters it; once verified they see
// the student offer. A server whose operator lists no school domains says it verifies no students.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  getGetStudentVerificationQueryKey,
  useConfirmStudentVerificationCode,
  useGetStudentVerification,
  useSendStudentVerificationCode,
} from '../../../../generated/react-query/students/students';
import type { StudentVerification } from '../../../../generated/react-query/model';
import type { ModalProps } from '../../platform/modals/types';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { ModalTitle } from '../../ui/modal-parts';
import { SignInFirst } from '../account/sign-in-first';
import { FormError } from '../auth/form-parts';
import { StudentOffer } from './student-offer';

export const STUDENTS_NOT_VERIFIED_HERE = 'This server does not verify students: its operator lists no school email domains.';

export default function StudentVerificationModal({ close }: ModalProps) {
  const { user } = useSession();
  return (
    <div className="space-y-4">
      <ModalTitle>Student verification</ModalTitle>
      {user ? <Verification close={close} /> : <SignInFirst what="verify that you are a student" close={close} />}
    </div>
  );
}

function Verification({ close }: { close: () => void }) {
  const status = useGetStudentVerification();
  const [changing, setChanging] = useState(false);
  if (status.isPending) return <p className="text-sm text-neutral-500">Loading…</p>;
  if (status.isError) return <FormError>{problemMessage(status.error)}</FormError>;
  const v = status.data.data as StudentVerification;
  if (v.status === 'verified') return <StudentOffer verification={v} close={close} />;
  if (!v.available)
    return (
      <>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{STUDENTS_NOT_VERIFIED_HERE}</p>
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={close}>
            Close
          </button>
        </div>
      </>
    );
  if (v.status === 'code_sent' && !changing) return <CodeForm email={v.email ?? ''} onNewCode={() => setChanging(true)} close={close} />;
  return <EmailForm onSent={() => setChanging(false)} close={close} />;
}

function useStore() {
  const queryClient = useQueryClient();
  return (v: StudentVerification) =>
    queryClient.setQueryData(getGetStudentVerificationQueryKey(), (old: object | undefined) => ({ ...(old ?? {}), data: v, status: 200 }));
}

function EmailForm({ onSent, close }: { onSent: () => void; close: () => void }) {
  const store = useStore();
  const send = useSendStudentVerificationCode({
    mutation: {
      onSuccess: (res) => {
        store(res.data as StudentVerification);
        onSent();
      },
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send.mutate({ data: { email: String(new FormData(e.currentTarget).get('email')).trim() } });
  };
  return (
    <form onSubmit={submit} aria-label="Student verification" className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        Enter the email address your school or university gave you. We mail a six-digit code to it.
      </p>
      <label className="flex flex-col gap-1">
        <span className="label">School email</span>
        <input name="email" type="email" required maxLength={320} autoComplete="email" className="field" placeholder="you@university.edu" />
      </label>
      {send.isError && <FormError>{problemMessage(send.error)}</FormError>}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send code'}
        </button>
      </div>
    </form>
  );
}

function CodeForm({ email, onNewCode, close }: { email: string; onNewCode: () => void; close: () => void }) {
  const store = useStore();
  const confirm = useConfirmStudentVerificationCode({ mutation: { onSuccess: (res) => store(res.data as StudentVerification) } });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    confirm.mutate({ data: { code: String(new FormData(e.currentTarget).get('code')).trim() } });
  };
  return (
    <form onSubmit={submit} aria-label="Student verification code" className="space-y-3">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">We mailed a code to {email}. It is valid for 30 minutes.</p>
      <label className="flex flex-col gap-1">
        <span className="label">Code</span>
        <input name="code" required inputMode="numeric" pattern="[0-9]{6}" maxLength={6} autoComplete="one-time-code" className="field" />
      </label>
      {confirm.isError && <FormError>{problemMessage(confirm.error)}</FormError>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={onNewCode}>
          Use another address or send a new code
        </button>
        <button type="button" className="btn-secondary" onClick={close}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={confirm.isPending}>
          {confirm.isPending ? 'Verifying…' : 'Verify'}
        </button>
      </div>
    </form>
  );
}
