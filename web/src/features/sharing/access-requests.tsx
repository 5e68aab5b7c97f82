// Open requests to read the user's threads, with Grant and Decline. The share menu shows one
// thread's; the library shows them all.
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from '../../ui/icons';
import {
  getListAccessRequestsQueryKey,
  useDeclineAccessRequest,
  useGrantAccessRequest,
  useListAccessRequests,
} from '../../../../generated/react-query/threads/threads';
import type { AccessRequest, AccessRequestList } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';

export function useAccessRequests(enabled: boolean) {
  return useListAccessRequests({ query: { enabled, select: (r) => (r.data as AccessRequestList).requests, refetchInterval: 30_000 } });
}

/** Grant and Decline for these requests, with their toasts; the list refetches after either. */
export function useAnswerAccessRequests(requests: AccessRequest[]) {
  const queryClient = useQueryClient();
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: getListAccessRequestsQueryKey() });
  };
  const onError = (error: unknown) =>
    toast.error(error instanceof ApiError ? (error.problem.detail ?? 'Could not answer the request') : 'Could not answer the request', {
      duration: TOAST_DURATION.normal,
    });
  const grant = useGrantAccessRequest({
    mutation: {
      onSuccess: (_, v) => toast.success(`${nameOf(requests, v.requestId)} can now see this answer`, { duration: TOAST_DURATION.normal }),
      onError,
      onSettled: settle,
    },
  });
  const decline = useDeclineAccessRequest({
    mutation: { onSuccess: () => toast('Request declined', { duration: TOAST_DURATION.short }), onError, onSettled: settle },
  });
  return {
    grant: (requestId: string) => grant.mutate({ requestId }),
    decline: (requestId: string) => decline.mutate({ requestId }),
    busy: grant.isPending || decline.isPending,
  };
}

export function AccessRequestRows({ requests, showThread }: { requests: AccessRequest[]; showThread?: boolean }) {
  const { grant, decline, busy } = useAnswerAccessRequests(requests);
  return (
    <ul aria-label="Access requests" className="divide-y divide-neutral-100 dark:divide-neutral-800">
      {requests.map((r) => (
        <li key={r.request_id} className="flex items-center gap-3 py-2.5" aria-label={`Request from ${r.requester.name}`}>
          <div
            className="grid size-8 shrink-0 place-items-center rounded-full bg-neutral-100 text-sm font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
            aria-hidden
          >
            {r.requester.name.slice(0, 1).toUpperCase()}
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium text-neutral-900 dark:text-neutral-100">{r.requester.name}</p>
            <p className="truncate text-neutral-500 dark:text-neutral-400">{showThread ? `wants to see “${r.thread_title}”` : r.requester.email}</p>
          </div>
          <button type="button" className="btn-secondary !px-2.5 !py-1" disabled={busy} onClick={() => grant(r.request_id)}>
            <Check className="size-3.5" /> Grant
          </button>
          <button
            type="button"
            className="btn-ghost !px-2 !py-1"
            disabled={busy}
            aria-label={`Decline ${r.requester.name}`}
            onClick={() => decline(r.request_id)}
          >
            <X className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}

const nameOf = (requests: AccessRequest[], id: string) => requests.find((r) => r.request_id === id)?.requester.name ?? 'They';
