// The threads of a Space, newest first; each links to its thread. Owners, admins and writers
// can take a thread out of the Space: it leaves the list at once and comes back on failure.
import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, X } from '../../ui/icons';
import { Link } from 'react-router';
import { useListCollectionThreads, useRemoveCollectionEntry } from '../../../../generated/react-query/collections/collections';
import type { Collection, ThreadList, ThreadSummary } from '../../../../generated/react-query/model';
import { isReadable, isWriteCapable } from '../../../../services/spaces/pure';
import { getGetThreadQueryKey } from '../../../../generated/react-query/threads/threads';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { invalidateSpaces } from './space-cache';
import { dropCachedThread, spaceThreadsQueryKey } from './space-queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function SpaceThreads({ space }: { space: Collection }) {
  // An invited person reads nothing until they accept.
  const readable = isReadable(space.user_permission);
  const query = useListCollectionThreads({ collection_uuid: space.uuid }, { query: { select: (r) => r.data as ThreadList, enabled: readable } });
  const canRemove = isWriteCapable(space.user_permission);
  if (!readable) return <p className="text-sm text-neutral-500 dark:text-neutral-400">Accept the invitation to see the threads of this Space.</p>;
  if (query.isPending) return <div role="status" aria-label="Loading threads" className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" />;
  if (query.isError) return <p className="text-sm text-neutral-500">Could not load the threads of this Space.</p>;
  const items = query.data.items;
  // A reader's questions stay their own, so only writers are told asking starts a thread here.
  if (items.length === 0)
    return (
      <p className="text-sm text-neutral-500 dark:text-neutral-400">
        {canRemove ? 'No threads yet. Ask a question above to start one in this Space.' : 'No threads yet.'}
      </p>
    );
  return (
    <ul aria-label="Threads" className="flex flex-col divide-y divide-neutral-100 dark:divide-neutral-800">
      {items.map((t) => (
        <ThreadRow key={t.context_uuid} space={space} thread={t} canRemove={canRemove} />
      ))}
    </ul>
  );
}

function ThreadRow({ space, thread, canRemove }: { space: Collection; thread: ThreadSummary; canRemove: boolean }) {
  const qc = useQueryClient();
  const key = spaceThreadsQueryKey(space.uuid);
  const remove = useRemoveCollectionEntry({
    mutation: {
      onMutate: async () => {
        await qc.cancelQueries({ queryKey: key });
        return { previous: dropCachedThread(qc, space.uuid, thread.context_uuid) };
      },
      onError: (_e, _v, context) => {
        if (context?.previous) qc.setQueryData(key, context.previous);
        toast.error('Could not remove the thread from this Space', { duration: TOAST_DURATION.normal });
      },
      onSuccess: () => toast.success(`Removed from ${space.title}`, { duration: TOAST_DURATION.short }),
      onSettled: () => {
        void qc.invalidateQueries({ queryKey: key });
        void invalidateSpaces(qc);
        void qc.invalidateQueries({ queryKey: getGetThreadQueryKey(thread.thread_url_slug) });
      },
    },
  });
  const title = thread.title || thread.first_query;
  return (
    <li className="flex items-start gap-3 py-3">
      <MessageSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-400" />
      <Link to={`/search/${encodeURIComponent(thread.thread_url_slug)}`} className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium text-neutral-900 hover:underline dark:text-neutral-100">{title}</span>
        {thread.snippet && <span className="line-clamp-2 text-xs text-neutral-500 dark:text-neutral-400">{thread.snippet}</span>}
        <span className="text-xs text-neutral-400">{dateFormat.format(new Date(thread.updated_datetime))}</span>
      </Link>
      {canRemove && (
        <button
          type="button"
          aria-label={`Remove ${title} from this Space`}
          className="btn-ghost !p-1"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ params: { entry_uuid: thread.context_uuid, collection_uuid: space.uuid } })}
        >
          <X className="size-4" />
        </button>
      )}
    </li>
  );
}
