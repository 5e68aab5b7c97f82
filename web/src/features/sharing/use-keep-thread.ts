// Once its owner is signed in, an anonymous visitor's thread is kept: its expiry is removed
// (PUT /rest/thread/{slug} expired=false). Seeds: failure says "Failed to remove thread expiry".
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getGetThreadQueryKey, useUpdateThread } from '../../../../generated/react-query/threads/threads';
import type { Thread } from '../../../../generated/react-query/model';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';

export const EXPIRY_REMOVAL_FAILED = 'Failed to remove thread expiry';

export function useKeepThread(thread: Thread | undefined) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const tried = useRef<string | null>(null);
  const keep = useUpdateThread({
    mutation: {
      onSuccess: (res, v) => queryClient.setQueryData(getGetThreadQueryKey(v.entryUuidOrSlug), res),
      onError: () => toast.error(EXPIRY_REMOVAL_FAILED, { duration: TOAST_DURATION.normal }),
    },
  });
  const due = !!user && !!thread?.is_owner && !!thread.expiry_time;
  useEffect(() => {
    if (!due || !thread || tried.current === thread.context_uuid) return;
    tried.current = thread.context_uuid;
    keep.mutate({ entryUuidOrSlug: thread.thread_url_slug, data: { expired: false } });
  }, [due, thread, keep]);
}
