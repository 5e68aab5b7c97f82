// Renaming and deleting a thread, optimistically: every cached view of it (the thread, library
// pages, bookmark and Space lists) changes at once, and goes back as it was if the server refuses.
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useDeleteThread, useUpdateThread } from '../../../../generated/react-query/threads/threads';
import type { Thread, ThreadList } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';

/** The longest title (the spec's ThreadTitle maxLength). */
export const MAX_TITLE_LENGTH = 100;

export const THREAD_ACTION_TEXT = {
  renamed: 'Thread renamed',
  renameFailed: 'Could not rename the thread',
  deleted: 'Thread deleted',
  deleteFailed: 'Could not delete the thread',
} as const;

/** One thread: its slug (the thread page's cache key) and its context_uuid (how lists know it). */
export type ThreadRef = { context_uuid: string; thread_url_slug: string };

type Cached<T> = { data: T; status: number };
type Snapshot = [QueryKey, unknown][];

// The list views a thread appears in: the library's pages and list_collection_threads (Bookmarks and Spaces).
const LIST_PREFIXES = [['/rest/threads'], ['/rest/collections/list_collection_threads']] as const;
const threadKey = (slug: string) => [`/rest/thread/${slug}`] as const;

/** Stops list fetches in flight (they would overwrite the change), then saves what is cached now. */
async function snapshot(client: QueryClient, ref: ThreadRef): Promise<Snapshot> {
  await Promise.all(LIST_PREFIXES.map((queryKey) => client.cancelQueries({ queryKey })));
  const lists = LIST_PREFIXES.flatMap((queryKey) => client.getQueriesData({ queryKey }));
  return [...lists, [threadKey(ref.thread_url_slug), client.getQueryData(threadKey(ref.thread_url_slug))]];
}

function restore(client: QueryClient, saved: Snapshot) {
  for (const [key, data] of saved) client.setQueryData(key, data);
}

function editLists(client: QueryClient, edit: (list: ThreadList) => ThreadList) {
  for (const queryKey of LIST_PREFIXES)
    client.setQueriesData<Cached<ThreadList>>({ queryKey }, (old) => (old?.data?.items ? { ...old, data: edit(old.data) } : old));
}

const refreshLists = (client: QueryClient) => Promise.all(LIST_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey })));
const detailOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.problem.detail) || fallback;

/** `rename` resolves true once the server has the new title; false after a refusal (rolled back, toast shown). */
export function useRenameThread() {
  const client = useQueryClient();
  const mutation = useUpdateThread();
  const rename = async (ref: ThreadRef, raw: string) => {
    const title = raw.trim();
    const saved = await snapshot(client, ref);
    editLists(client, (list) => ({ ...list, items: list.items.map((t) => (t.context_uuid === ref.context_uuid ? { ...t, title } : t)) }));
    client.setQueryData<Cached<Thread>>(threadKey(ref.thread_url_slug), (old) => (old ? { ...old, data: { ...old.data, title } } : old));
    try {
      const res = await mutation.mutateAsync({ entryUuidOrSlug: ref.thread_url_slug, data: { title } });
      client.setQueryData(threadKey(ref.thread_url_slug), res);
      toast.success(THREAD_ACTION_TEXT.renamed, { duration: TOAST_DURATION.short });
      return true;
    } catch (error) {
      restore(client, saved);
      toast.error(detailOf(error, THREAD_ACTION_TEXT.renameFailed), { duration: TOAST_DURATION.normal });
      return false;
    } finally {
      void refreshLists(client);
    }
  };
  return { rename, isPending: mutation.isPending };
}

/**
 * `remove` resolves true once the server deleted it; false after a refusal (rolled back, toast
 * shown). `onDeleted` runs before the thread's own cache entry is dropped: a page showing it
 * leaves first, so it does not ask for the thread again.
 */
export function useDeleteThreadAction() {
  const client = useQueryClient();
  const mutation = useDeleteThread();
  const remove = async (ref: ThreadRef, onDeleted?: () => void) => {
    const saved = await snapshot(client, ref);
    editLists(client, (list) => {
      const items = list.items.filter((t) => t.context_uuid !== ref.context_uuid);
      return { ...list, items, total: list.total - (list.items.length - items.length) };
    });
    try {
      await mutation.mutateAsync({ entryUuidOrSlug: ref.thread_url_slug });
      onDeleted?.();
      client.removeQueries({ queryKey: threadKey(ref.thread_url_slug), exact: true });
      toast.success(THREAD_ACTION_TEXT.deleted, { duration: TOAST_DURATION.short });
      return true;
    } catch (error) {
      restore(client, saved);
      toast.error(detailOf(error, THREAD_ACTION_TEXT.deleteFailed), { duration: TOAST_DURATION.normal });
      return false;
    } finally {
      void refreshLists(client);
    }
  };
  return { remove, isPending: mutation.isPending };
}
