// /library: the user's threads (or the anonymous visitor's), newest first, with a debounced
// search and pages of 20.
import { keepPreviousData } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Library, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useListThreads } from '../../../../generated/react-query/threads/threads';
import type { ThreadList } from '../../../../generated/react-query/model';
import { useSession } from '../../app/session';
import { AccessRequestRows, useAccessRequests } from '../sharing/access-requests';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** The snippet is the start of a markdown answer: shown as plain text, without citation markers. */
const plainSnippet = (md: string) =>
  md
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/[#*_`|>]+/g, ' ')
    .replace(/(^|\n)\s*(?:[-+]|\d+\.)\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

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
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [q]);
  const query = useListThreads({ ...(q ? { q } : {}), limit: PAGE_SIZE, offset }, { query: { select: (r) => r.data as ThreadList, placeholderData: keepPreviousData } });
  const list = query.data;
  const total = list?.total ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-4">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Library className="size-6" /> Library
        </h1>
        <div className="relative">
          <label htmlFor="library-search" className="sr-only">
            Search your threads
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400" />
          <input id="library-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search your threads…" maxLength={200} className="field !rounded-full !pl-9" />
        </div>
      </header>

      <AccessRequestsCard />

      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Your threads could not be loaded. Try again in a moment.
        </p>
      ) : !list ? (
        <div role="status" aria-label="Loading threads" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-900" />
          ))}
        </div>
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
          <ul aria-label="Threads" className="divide-y divide-neutral-100 dark:divide-neutral-900">
            {list.items.map((t) => (
              <li key={t.context_uuid}>
                <Link to={`/search/${encodeURIComponent(t.thread_url_slug)}`} className="group flex flex-col gap-1 py-4">
                  <span className="font-medium text-neutral-900 group-hover:underline dark:text-neutral-100">{t.title}</span>
                  {t.snippet && <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{plainSnippet(t.snippet)}</span>}
                  <span className="text-xs text-neutral-500">
                    <time dateTime={t.updated_datetime}>{dateFormat.format(new Date(t.updated_datetime))}</time>
                    {t.entry_count > 1 && ` · ${t.entry_count} questions`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {total > PAGE_SIZE && (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm text-neutral-600 dark:text-neutral-400">
              <button type="button" className="btn-secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
                <ChevronLeft className="size-4" /> Newer
              </button>
              <span>
                {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
              </span>
              <button type="button" className="btn-secondary" disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
                Older <ChevronRight className="size-4" />
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
