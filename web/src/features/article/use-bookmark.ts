// Bookmarking the article's thread (seed 003 §4 "Bookmarks"): applied to the cached article at
// once, rolled back to the previous cached state on failure, then refreshed from the server, with
// the library's bookmarks.
// Anonymous visitors get the login modal instead.
import { useQueryClient } from '@tanstack/react-query';
import {
  getListCollectionThreadsQueryKey,
  useRemoveCollectionEntry,
  useUpsertCollectionEntry,
} from '../../../../generated/react-query/collections/collections';
import type { BookmarkState } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { articleQueryKey, setCachedBookmark } from './article-query';

export const BOOKMARK_FAILED = 'Failed to update bookmark';
export const LOGIN_ORIGIN = 'article-bookmark';
/** Every page of the library's bookmarks (GET /rest/collections/list_collection_threads). */
const BOOKMARK_LISTS = [getListCollectionThreadsQueryKey()[0]];

export function useBookmark(slug: string, entryUuid: string | undefined, state: BookmarkState | undefined) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { open } = useModals();
  const key = articleQueryKey(slug);

  const optimistic = (next: BookmarkState) => ({
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      setCachedBookmark(queryClient, slug, next);
      return { previous };
    },
    onError: (error: unknown, _vars: unknown, context: { previous: unknown } | undefined) => {
      queryClient.setQueryData(key, context?.previous);
      if (error instanceof ApiError && error.status === 401) open('login', { origin: LOGIN_ORIGIN, title: 'Sign in to bookmark answers' });
      else toast.error(BOOKMARK_FAILED, { duration: TOAST_DURATION.normal });
    },
    // The library's bookmarks too: read while this was on its way, they would lack it until reloaded.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: BOOKMARK_LISTS })]),
  });
  const add = useUpsertCollectionEntry<unknown, { previous: unknown }>({ mutation: optimistic('BOOKMARKED') });
  const remove = useRemoveCollectionEntry<unknown, { previous: unknown }>({ mutation: optimistic('NOT_BOOKMARKED') });

  const bookmarked = state === 'BOOKMARKED';
  const toggle = () => {
    if (!user) {
      open('login', { origin: LOGIN_ORIGIN, title: 'Sign in to bookmark answers' });
      return;
    }
    if (!entryUuid || add.isPending || remove.isPending) return;
    if (bookmarked) remove.mutate({ params: { entry_uuid: entryUuid } });
    else add.mutate({ data: { entry_uuid: entryUuid, upsert_type: 'bookmark', return_collection: true } });
  };
  return { bookmarked, toggle, busy: add.isPending || remove.isPending };
}
