// Reading one Space and its thread list for the Space page, its sheet and the settings modal.
// (Optimistic edits of the cached Space go through space-cache.ts.)
import type { QueryClient } from '@tanstack/react-query';
import { getListCollectionThreadsQueryKey, useGetCollection } from '../../../../generated/react-query/collections/collections';
import type { Collection, ThreadList } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';

type Cached<T> = { data: T; status: number; headers?: Headers };

export function useSpace(slug: string) {
  return useGetCollection<Collection, ApiError>({ collection_slug: slug }, { query: { select: (r) => r.data as Collection, enabled: !!slug } });
}

export const spaceThreadsQueryKey = (collectionUuid: string) => getListCollectionThreadsQueryKey({ collection_uuid: collectionUuid });

/** Takes a thread out of the cached thread list of a Space; returns the list as it was. */
export function dropCachedThread(qc: QueryClient, collectionUuid: string, contextUuid: string) {
  const key = spaceThreadsQueryKey(collectionUuid);
  const previous = qc.getQueryData<Cached<ThreadList>>(key);
  if (previous)
    qc.setQueryData<Cached<ThreadList>>(key, {
      ...previous,
      data: { items: previous.data.items.filter((t) => t.context_uuid !== contextUuid), total: Math.max(0, previous.data.total - 1) },
    });
  return previous;
}

/** Refetch every thread list of Spaces (a thread joined or left one). */
export const invalidateSpaceThreads = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [getListCollectionThreadsQueryKey()[0]] });
