// /library: two tabs, driven by ?tab= so they can be linked to. Threads: the user's threads (or
// the anonymous visitor's), newest first, with a debounced search and pages of 20. Bookmarks
// (?tab=bookmarks): the signed-in user's bookmarked threads.
import { keepPreviousData } from '@tanstack/react-query';
import { Library, Search } from '../../ui/icons';
import * as Tabs from 'radix-ui/tabs';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useListThreads } from '../../../../generated/react-query/threads/threads';
import type { ThreadList } from '../../../../generated/react-query/model';
import { useSession } from '../../platform/session';
import { AccessRequestRows, useAccessRequests } from '../sharing/access-requests';
import { ThreadActionsMenu } from '../threads/thread-actions-menu';
import { BookmarksTab } from './bookmarks-tab';
import { Pager, ThreadRows, ThreadRowsSkeleton } from './thread-rows';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

const TABS = { threads: 'Threads', bookmarks: 'Bookmarks' } as const;
type Tab = keyof typeof TABS;
const isTab = (v: string | null): v is Tab => v !== null && v in TABS;

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Open requests to see the user's threads, answered right here. */
function AccessRequestsCard() {
  const { user } = useSession();
  const requests = useAccessRequests(!!user).data ?? [];
  if (requests.length === 0) return null;
  return (
    <section aria-label="Requests to see your answers" className="rounded-2xl border border-neutral-200 px-4 py-3 dark:border-neutral-800">
      <h2 className="text-sm font-semibold">Requests to see your answers</h2>
      <AccessRequestRows requests={requests} showThread />
    </section>
  );
}

export default function LibraryPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'threads';
  const choose = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 'threads') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <Library className="size-6" /> Library
      </h1>

      <AccessRequestsCard />

      <Tabs.Root value={tab} onValueChange={choose} className="flex flex-col gap-6">
        <Tabs.List aria-label="Library" className="flex gap-1 border-b border-neutral-200 dark:border-neutral-800">
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Trigger
              key={t}
              value={t}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-neutral-500 transition-colors hover:text-neutral-900 data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900 dark:hover:text-neutral-100 dark:data-[state=active]:border-neutral-100 dark:data-[state=active]:text-neutral-100"
            >
              {TABS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="threads" className="flex flex-col gap-6">
          <ThreadsTab />
        </Tabs.Content>
        <Tabs.Content value="bookmarks" className="flex flex-col gap-6">
          <BookmarksTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function ThreadsTab() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [offset, setOffset] = useState(0);
  // A new search starts at its first page (set during render, React's pattern for state that
  // follows a changed value).
  const [offsetQuery, setOffsetQuery] = useState(q);
  if (offsetQuery !== q) {
    setOffsetQuery(q);
    setOffset(0);
  }
  const query = useListThreads(
    { ...(q ? { q } : {}), limit: PAGE_SIZE, offset },
    { query: { select: (r) => r.data as ThreadList, placeholderData: keepPreviousData } },
  );
  const list = query.data;

  return (
    <>
      <div className="relative">
        <label htmlFor="library-search" className="sr-only">
          Search your threads
        </label>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
        <input
          id="library-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search your threads…"
          maxLength={200}
          className="field !rounded-full !pl-9"
        />
      </div>

      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Your threads could not be loaded. Try again in a moment.
        </p>
      ) : !list ? (
        <ThreadRowsSkeleton label="Loading threads" />
      ) : list.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-neutral-200 px-6 py-12 text-center dark:border-neutral-800">
          <p className="font-medium">{q ? `No threads match “${q}”` : 'No threads yet'}</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{q ? 'Try other words.' : 'Your questions and their answers are kept here.'}</p>
          {!q && (
            <Link to="/" className="btn-primary mt-1">
              Ask a question
            </Link>
          )}
        </div>
      ) : (
        <>
          <ThreadRows label="Threads" threads={list.items} actions={(t) => <ThreadActionsMenu thread={t} compact />} />
          <Pager offset={offset} pageSize={PAGE_SIZE} total={list.total} onChange={setOffset} />
        </>
      )}
    </>
  );
}
