// "This answer is private" (seed 000 §2 "Request access"): a Request access button and a back
// button. Anonymous visitors sign in first; a sent request says "Access request sent".
import { ArrowLeft, Lock } from '../../ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRequestThreadAccess } from '../../../../generated/react-query/threads/threads';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';

export const PRIVATE_TITLE = 'This answer is private';
export const ACCESS_REQUEST_SENT = 'Access request sent';

export function RequestAccess({ slug, onBack }: { slug: string; onBack?: () => void }) {
  const navigate = useNavigate();
  const modals = useModals();
  const { user } = useSession();
  const [sent, setSent] = useState(false);
  const request = useRequestThreadAccess({
    mutation: {
      onSuccess: () => {
        setSent(true);
        toast.success(ACCESS_REQUEST_SENT, { duration: TOAST_DURATION.normal });
      },
      onError: (error) =>
        toast.error(error instanceof ApiError ? (error.problem.detail ?? 'Could not send the request') : 'Could not send the request', {
          duration: TOAST_DURATION.normal,
        }),
    },
  });
  const back = onBack ?? (() => (window.history.length > 1 ? navigate(-1) : navigate('/')));
  const ask = () => {
    if (!user) modals.open('login', { origin: 'request-access', title: 'Sign in to request access' });
    else request.mutate({ entryUuidOrSlug: slug });
  };

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <div className="grid size-12 place-items-center rounded-full bg-neutral-100 text-neutral-600 dark:bg-neutral-900 dark:text-neutral-300">
        <Lock className="size-5" />
      </div>
      <h1 className="text-xl font-semibold tracking-tight">{PRIVATE_TITLE}</h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {sent ? 'Its owner will see your request. You can open this link again once they grant it.' : 'Ask its owner to let you see it.'}
      </p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary" onClick={back}>
          <ArrowLeft className="size-4" /> Back
        </button>
        <button type="button" className="btn-primary" disabled={sent || request.isPending} onClick={ask}>
          {sent ? 'Request sent' : 'Request access'}
        </button>
      </div>
    </div>
  );
}
