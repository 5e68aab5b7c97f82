// A thread's Space (collection_info) as cached by the thread and article queries: moving a
// thread changes it at once, and a failure puts every cached copy back.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CollectionInfo, Thread } from '../../../../generated/react-query/model';

type Cached<T> = { data: T; status: number; headers?: Headers };
export type ThreadCacheSnapshot = Array<[QueryKey, unknown]>;

const isThreadKey = (key: QueryKey) => typeof key[0] === 'string' && key[0].startsWith('/rest/thread/');
const isThread = (v: unknown): v is Cached<Thread> =>
  !!v && typeof (v as Cached<Thread>).data?.context_uuid === 'string' && Array.isArray((v as Cached<Thread>).data?.entries);
/** The thread `entryUuid` names: its context_uuid, slug or one of its entries' backend_uuid. */
const names = (t: Thread, entryUuid: string) =>
  t.context_uuid === entryUuid || t.thread_url_slug === entryUuid || t.entries.some((e) => e.backend_uuid === entryUuid);

export async function setCachedThreadSpace(qc: QueryClient, entryUuid: string, info: CollectionInfo | null): Promise<ThreadCacheSnapshot> {
  await qc.cancelQueries({ predicate: (q) => isThreadKey(q.queryKey) });
  const snapshot = qc.getQueriesData({ predicate: (q) => isThreadKey(q.queryKey) });
  qc.setQueriesData({ predicate: (q) => isThreadKey(q.queryKey) }, (old: unknown) =>
    isThread(old) && names(old.data, entryUuid) ? { ...old, data: { ...old.data, collection_info: info } } : old,
  );
  return snapshot;
}

export function restoreThreads(qc: QueryClient, snapshot: ThreadCacheSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) qc.setQueryData(key, data);
}

/** Refetch the thread and article views, which show the thread's Space. */
export const invalidateThreadViews = (qc: QueryClient) =>
  qc.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith('/rest/thread/') || q.queryKey[0].startsWith('/rest/article/')),
  });
