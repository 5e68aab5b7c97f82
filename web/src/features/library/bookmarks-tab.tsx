// The library's Bookmarks tab: the signed-in user's Bookmarks collection (list_collection_threads
// without a Space), newest first, in the same rows as the threads.
import { keepPreviousData } from '@tanstack/react-query';
import { Bookmark } from '../../ui/icons';
import { useState } from 'react';
import { useListCollectionThreads } from '../../../../generated/react-query/collections/collections';
import type { ThreadList } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { Pager, ThreadRows, ThreadRowsSkeleton } from './thread-rows';

export const BOOKMARKS_PAGE_SIZE = 20;

export function BookmarksTab() {
  const { user, isLoading } = useSession();
  if (isLoading) return <ThreadRowsSkeleton label="Loading bookmarks" />;
  return user ? <Bookmarks /> : <SignInForBookmarks />;
}

function Bookmarks() {
  const [offset, setOffset] = useState(0);
  const query = useListCollectionThreads(
    { limit: BOOKMARKS_PAGE_SIZE, offset },
    { query: { select: (r) => r.data as ThreadList, placeholderData: keepPreviousData } },
  );
  const list = query.data;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        Your bookmarks could not be loaded. Try again in a moment.
      </p>
    );
  if (!list) return <ThreadRowsSkeleton label="Loading bookmarks" />;
  if (list.items.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-200 px-6 py-12 text-center dark:border-neutral-800">
        <Bookmark className="size-5 text-neutral-400" />
        <p className="font-medium">No bookmarks yet</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Bookmark an answer to keep it here.</p>
      </div>
    );
  return (
    <>
      <ThreadRows label="Bookmarks" threads={list.items} />
      <Pager offset={offset} pageSize={BOOKMARKS_PAGE_SIZE} total={list.total} onChange={setOffset} />
    </>
  );
}

function SignInForBookmarks() {
  const modals = useModals();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-200 px-6 py-12 text-center dark:border-neutral-800">
      <p className="font-medium">Sign in to see your bookmarks</p>
      <button type="button" className="btn-primary" onClick={() => modals.open('login', { origin: 'library-bookmarks', title: 'Sign in to bookmark answers' })}>
        Sign in
      </button>
    </div>
  );
}
