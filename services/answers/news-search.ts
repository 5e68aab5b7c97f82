// The news the ask box suggests for what is being typed (issue 36, 'Latest News'): SearXNG's news
// category for the text, the week's items, kept a short while per instance so a person typing
// does not search again for the same words. Without web search there is none (null); a failed
// search gives nothing and is not kept, so the next keystroke tries again.
import { LRUCache } from 'lru-cache';
import { newsItems } from './discover.js';

export type NewsItem = { title: string; url: string; source: string };

const kept = new LRUCache<string, NewsItem[]>({ max: 1_000, ttl: 10 * 60_000 });

export async function newsMatching(searxngUrl: string | null, text: string, limit: number, signal?: AbortSignal): Promise<NewsItem[] | null> {
  if (!searxngUrl) return null;
  const q = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const key = `${searxngUrl} ${q}`;
  const hit = kept.get(key);
  if (hit) return hit.slice(0, limit);
  const url = new URL('search', searxngUrl.endsWith('/') ? searxngUrl : `${searxngUrl}/`);
  url.search = new URLSearchParams({ q, categories: 'news', time_range: 'week', format: 'json' }).toString();
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: signal ?? AbortSignal.timeout(2_000) });
  if (!res.ok) throw new Error(`SearXNG answered ${res.status}`);
  const body = (await res.json()) as { results?: unknown };
  const items = newsItems(Array.isArray(body.results) ? body.results : []).map((i) => ({ title: i.title, url: i.url, source: i.source }));
  kept.set(key, items);
  return items.slice(0, limit);
}
