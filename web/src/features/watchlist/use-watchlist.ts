// A person's watchlist of one type and its changes (seed 000 "Watchlist"): add, remove and reorder
// are applied to the cached list at once; a failure is logged, the list rolled back to what it was
// and refetched. The list is refetched when the last of a burst of changes settles, not after each:
// an earlier change's refetch would answer the server's list from before a later change landed and
// put back, for a moment, what the person had just removed. Changes are sent one after another. A
// full list says the seed's "Watchlist full (max 50 items)." Reading the list fails into an empty
// one (seed 000 §7).
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetSportsScoresQueryKey,
  getGetWatchlistQuotesQueryKey,
  getGetWatchlistSubscriptionsQueryKey,
  useAddWatchlistSubscription,
  useGetWatchlistSubscriptions,
  useRemoveWatchlistSubscription,
  useReorderWatchlistSubscription,
} from '../../../../generated/react-query/watchlist/watchlist';
import type { WatchlistSubscription, WatchlistSubscriptionList, WatchlistType } from '../../../../generated/react-query/model';
import { WATCHLIST_FULL, WATCHLIST_MAX } from '../../../../services/watchlist/pure';
import { ApiError } from '../../platform/api-fetch';
import { toast, TOAST_DURATION } from '../../platform/toasts';

const EMPTY: WatchlistSubscription[] = [];
type CachedList = { data: WatchlistSubscriptionList; status: number };
type Cached = CachedList | undefined;

export function useWatchlist(type: WatchlistType, enabled = true) {
  const query = useGetWatchlistSubscriptions({ type }, { query: { enabled, retry: false, select: (r) => (r.status === 200 ? r.data.results : EMPTY) } });
  return { items: query.data ?? EMPTY, isLoading: query.isLoading };
}

const renumber = (items: WatchlistSubscription[]) => items.map((item, order) => ({ ...item, order }));

export function useWatchlistChanges(type: WatchlistType) {
  const client = useQueryClient();
  // A plain key: the cache entry is written in the response shape below.
  const key: readonly unknown[] = getGetWatchlistSubscriptionsQueryKey({ type });
  const mutationKey = ['watchlist-change', type];
  // One change at a time, in the order made: a move sent while the add of its item is still on its
  // way reaches the server first, finds no such item and is rolled back (a remove would find nothing).
  const scope = { id: `watchlist-change-${type}` };
  const current = () => (client.getQueryData<Cached>(key)?.data.results ?? EMPTY) as WatchlistSubscription[];
  const optimistic = (change: (items: WatchlistSubscription[]) => WatchlistSubscription[]) => async () => {
    await client.cancelQueries({ queryKey: key });
    const previous = client.getQueryData<Cached>(key);
    client.setQueryData<CachedList>(key, { status: 200, data: { results: renumber(change(current())) } });
    return { previous };
  };
  const failed = (what: string) => (error: unknown, _vars: unknown, context: { previous: Cached } | undefined) => {
    console.warn(`watchlist ${what} failed`, error);
    client.setQueryData(key, context?.previous);
    const full = error instanceof ApiError && error.code === 'watchlist_full';
    const text = full ? WATCHLIST_FULL : error instanceof ApiError && error.problem.detail ? error.problem.detail : `Could not ${what}. Please try again.`;
    toast.error(text, { duration: TOAST_DURATION.normal });
  };
  const refetch = async () => {
    // The change settling still counts as running here: more than one means another is on its way.
    if (client.isMutating({ mutationKey }) > 1) return;
    await client.invalidateQueries({ queryKey: key });
    // The sports widget's games are those of the followed teams.
    if (type === 'sports') await client.invalidateQueries({ queryKey: getGetSportsScoresQueryKey() });
    // The prices are those of the server's list: asked while a change was on its way (the list on
    // screen changes at once), they answered the list before it, and kept a ticker just added unpriced.
    if (type === 'finance') await client.invalidateQueries({ queryKey: getGetWatchlistQuotesQueryKey() });
  };

  const add = useAddWatchlistSubscription<unknown, { previous: Cached }>({
    mutation: {
      mutationKey,
      scope,
      onMutate: ({ params }) =>
        optimistic((items) => [
          ...items,
          {
            identifier: params.identifier,
            category: params.category,
            title: params.identifier,
            description: '',
            image_url: null,
            image_url_dark: null,
            subscribed: true,
            order: items.length,
          },
        ])(),
      onError: failed('add to the watchlist'),
      onSettled: refetch,
    },
  });
  const remove = useRemoveWatchlistSubscription<unknown, { previous: Cached }>({
    mutation: {
      mutationKey,
      scope,
      onMutate: ({ params }) => optimistic((items) => items.filter((i) => i.identifier !== params.identifier))(),
      onError: failed('remove from the watchlist'),
      onSettled: refetch,
    },
  });
  const reorder = useReorderWatchlistSubscription<unknown, { previous: Cached }>({
    mutation: {
      mutationKey,
      scope,
      onMutate: ({ params, data }) =>
        optimistic((items) => {
          const moved = items.find((i) => i.identifier === params.identifier);
          if (!moved) return items;
          const rest = items.filter((i) => i !== moved);
          rest.splice(Math.min(data.order, rest.length), 0, moved);
          return rest;
        })(),
      onError: failed('reorder the watchlist'),
      onSettled: refetch,
    },
  });

  return {
    /** Adds a suggestion; one already on the list is not added twice, a full list is told at once. */
    add(item: Pick<WatchlistSubscription, 'identifier' | 'category' | 'title' | 'description'>) {
      const items = current();
      if (items.some((i) => i.identifier === item.identifier)) return;
      if (items.length >= WATCHLIST_MAX) {
        toast.error(WATCHLIST_FULL, { duration: TOAST_DURATION.normal });
        return;
      }
      add.mutate({ params: { type, identifier: item.identifier, category: item.category } });
    },
    remove(item: Pick<WatchlistSubscription, 'identifier' | 'category'>) {
      remove.mutate({ params: { type, identifier: item.identifier, category: item.category } });
    },
    move(item: Pick<WatchlistSubscription, 'identifier'>, order: number) {
      if (order < 0 || order >= current().length) return;
      reorder.mutate({ params: { type, identifier: item.identifier }, data: { order } });
    },
  };
}
