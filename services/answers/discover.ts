// Discover's news (GET /rest/discover/feed): the day's news of a topic from the configured
// SearXNG (its news category), kept a short while per instance so a busy page does not search
// again for every visitor. Without web search there is none, said as such; a failed search says why.
import type { DiscoverFeed, DiscoverTopic } from '../../generated/sdk/types.gen.js';

export const DISCOVER_ITEMS = 12;
const KEEP_MS = 10 * 60_000;
/** What each topic searches SearXNG's news for. */
const QUERY: Record<DiscoverTopic, string> = {
  top: 'news',
  technology: 'technology',
  science: 'science',
  business: 'business',
  health: 'health',
  sports: 'sports',
  culture: 'culture',
};
export const DISCOVER_UNAVAILABLE = 'Today’s news could not be fetched from the web search just now. Try again in a few minutes.';

type SearxNews = { url?: unknown; title?: unknown; content?: unknown; publishedDate?: unknown };

/** SearXNG's news results as Discover items: http(s) links only, one per address, at most 12. */
export function newsItems(results: readonly SearxNews[]): DiscoverFeed['items'] {
  const seen = new Set<string>();
  const items: DiscoverFeed['items'] = [];
  for (const r of results) {
    if (typeof r.url !== 'string' || !/^https?:\/\//i.test(r.url) || seen.has(r.url)) continue;
    let host: string;
    try {
      host = new URL(r.url).hostname.replace(/^www\./, '');
    } catch {
      continue;
    }
    seen.add(r.url);
    const title = typeof r.title === 'string' && r.title.trim() ? r.title.trim().slice(0, 300) : host;
    const snippet = typeof r.content === 'string' ? r.content.trim().slice(0, 500) : '';
    const published = typeof r.publishedDate === 'string' && !Number.isNaN(Date.parse(r.publishedDate)) ? r.publishedDate : null;
    items.push({ title, url: r.url, source: host, snippet, published_at: published });
    if (items.length === DISCOVER_ITEMS) break;
  }
  return items;
}

const kept = new Map<string, { at: number; feed: DiscoverFeed }>();

export async function discoverFeed(searxngUrl: string | null, topic: DiscoverTopic, now = Date.now(), timeoutMs = 8_000): Promise<DiscoverFeed> {
  if (!searxngUrl) return { configured: false, topic, items: [], unavailable: null };
  const key = `${searxngUrl} ${topic}`;
  const hit = kept.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.feed;
  const url = new URL('search', searxngUrl.endsWith('/') ? searxngUrl : `${searxngUrl}/`);
  url.search = new URLSearchParams({ q: QUERY[topic], categories: 'news', time_range: 'day', format: 'json' }).toString();
  try {
    const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`SearXNG answered ${res.status}`);
    const body = (await res.json()) as { results?: unknown };
    const feed: DiscoverFeed = { configured: true, topic, items: newsItems(Array.isArray(body.results) ? body.results : []), unavailable: null };
    kept.set(key, { at: now, feed });
    return feed;
  } catch {
    // Not kept: the next visitor tries again.
    return { configured: true, topic, items: [], unavailable: DISCOVER_UNAVAILABLE };
  }
}
