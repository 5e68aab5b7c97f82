// /discover: today's news from the web search this server is configured with, by topic; each
// headline opens its page in a new tab, and "Ask about this" starts a thread on it. Without web
// search it says so plainly and offers what the server has instead.
import { useState } from 'react';
import { Link } from 'react-router';
import { useGetDiscoverFeed } from '../../../../generated/react-query/threads/threads';
import type { DiscoverFeed, DiscoverTopic } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { Compass, ExternalLink } from '../../ui/icons';
import { useStartThread } from '../ask/use-start-thread';

const TOPICS: { topic: DiscoverTopic; label: string }[] = [
  { topic: 'top', label: 'Top' },
  { topic: 'technology', label: 'Technology' },
  { topic: 'science', label: 'Science' },
  { topic: 'business', label: 'Business' },
  { topic: 'health', label: 'Health' },
  { topic: 'sports', label: 'Sports' },
  { topic: 'culture', label: 'Culture' },
];

export default function DiscoverPage() {
  const [topic, setTopic] = useState<DiscoverTopic>('top');
  const feed = useGetDiscoverFeed({ topic }, { query: { select: (r) => r.data as DiscoverFeed, staleTime: 5 * 60_000 } });
  const startThread = useStartThread();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <Compass className="size-6" /> Discover
      </h1>
      {feed.data && !feed.data.configured ? (
        <p className="text-neutral-600 dark:text-neutral-400">
          Discover shows today’s news from the web, and this server does not search the web (its administrator has not set SEARXNG_URL). Ask about your own
          files and Spaces, or read the{' '}
          <Link to="/help" className="underline">
            user guide
          </Link>
          .
        </p>
      ) : (
        <>
          <div role="tablist" aria-label="Topics" className="flex flex-wrap gap-2">
            {TOPICS.map((t) => (
              <button
                key={t.topic}
                type="button"
                role="tab"
                aria-selected={topic === t.topic}
                onClick={() => setTopic(t.topic)}
                className={topic === t.topic ? 'btn-primary !py-1 text-sm' : 'btn-secondary !py-1 text-sm'}
              >
                {t.label}
              </button>
            ))}
          </div>
          {feed.isPending && <p className="text-neutral-500">Loading today’s news…</p>}
          {feed.isError && <p role="alert">{problemMessage(feed.error)}</p>}
          {feed.data?.unavailable && <p role="alert">{feed.data.unavailable}</p>}
          {feed.data?.configured && !feed.data.unavailable && feed.data.items.length === 0 && <p className="text-neutral-500">No news for this topic today.</p>}
          <ul aria-label="News" className="flex flex-col gap-3">
            {feed.data?.items.map((item) => (
              <li key={item.url} className="rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
                <a href={item.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-start gap-1 font-medium hover:underline">
                  {item.title} <ExternalLink className="mt-1 size-3.5 shrink-0" />
                </a>
                <p className="text-xs text-neutral-500">
                  {item.source}
                  {item.published_at ? ` · ${new Date(item.published_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
                </p>
                {item.snippet && <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{item.snippet}</p>}
                <button type="button" className="btn-ghost mt-2 !px-0 text-sm" onClick={() => startThread(item.title)}>
                  Ask about this
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
