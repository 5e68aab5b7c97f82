// The cached Space data (the user's list pages and single Spaces) that optimistic Space
// mutations change at once and put back on failure (seed 000 §7: "Collection mutation
// failures restore the previous cached state").
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getGetCollectionQueryKey, getListUserCollectionsQueryKey } from '../../../../generated/react-query/collections/collections';
import type { Collection, CollectionList } from '../../../../generated/react-query/model';

/** Cached answers keep orval's { data, status, headers } shape. */
type Cached<T> = { data: T; status: number; headers?: Headers };

const LIST_KEY = getListUserCollectionsQueryKey();
const ONE_KEY = getGetCollectionQueryKey();
const SPACE_KEYS = [LIST_KEY, ONE_KEY];

export type SpaceCacheSnapshot = Array<[QueryKey, unknown]>;

/** Stops refetches that would overwrite an optimistic change, then keeps what is cached now. */
export async function snapshotSpaces(queryClient: QueryClient): Promise<SpaceCacheSnapshot> {
  await Promise.all(SPACE_KEYS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return SPACE_KEYS.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
}

export function restoreSpaces(queryClient: QueryClient, snapshot: SpaceCacheSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

const isList = (v: unknown): v is Cached<CollectionList> => !!v && Array.isArray((v as Cached<CollectionList>).data?.collections);
const isSpace = (v: unknown): v is Cached<Collection> => !!v && typeof (v as Cached<Collection>).data?.uuid === 'string';

/** Applies changed fields to the Space wherever it is cached. */
export function patchCachedSpace(queryClient: QueryClient, uuid: string, patch: Partial<Collection>) {
  queryClient.setQueriesData({ queryKey: LIST_KEY }, (old: unknown) =>
    isList(old) ? { ...old, data: { ...old.data, collections: old.data.collections.map((c) => (c.uuid === uuid ? { ...c, ...patch } : c)) } } : old,
  );
  queryClient.setQueriesData({ queryKey: ONE_KEY }, (old: unknown) =>
    isSpace(old) && old.data.uuid === uuid ? { ...old, data: { ...old.data, ...patch } } : old,
  );
}

/** Takes the Space out of every cached list page. */
export function removeCachedSpace(queryClient: QueryClient, uuid: string) {
  queryClient.setQueriesData({ queryKey: LIST_KEY }, (old: unknown) => {
    if (!isList(old) || !old.data.collections.some((c) => c.uuid === uuid)) return old;
    return { ...old, data: { collections: old.data.collections.filter((c) => c.uuid !== uuid), total: Math.max(0, old.data.total - 1) } };
  });
}

/** Seeds the single-Space query, so the Space page opens without waiting. */
export function cacheSpace(queryClient: QueryClient, space: Collection) {
  queryClient.setQueryData(getGetCollectionQueryKey({ collection_slug: space.slug }), { data: space, status: 200, headers: new Headers() });
}

/** Forgets a deleted Space's own queries (the page that showed it has been left). */
export function forgetSpace(queryClient: QueryClient, uuid: string) {
  queryClient.removeQueries({ queryKey: ONE_KEY, predicate: (q) => isSpace(q.state.data) && q.state.data.data.uuid === uuid });
}

export const invalidateSpaceLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: LIST_KEY });
export const invalidateSpaces = (queryClient: QueryClient) => Promise.all(SPACE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
