// Web search through SearXNG's JSON API (GET /search?q=…&format=json), with a question's search
// filters as SearXNG's parameters and a check of each result (web-filters.ts).
import type { Passage, SourceAdapter } from './types.js';
import { keepsResult, searxngParams } from './web-filters.js';

type SearxResult = { url?: string; title?: string; content?: string; publishedDate?: string | null };

export function searxngSource(baseUrl: string, timeoutMs = 10_000): SourceAdapter {
  return {
    name: 'web',
    async search(query, k, options) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      for (const [name, value] of Object.entries(searxngParams(query, options?.filters))) url.searchParams.set(name, value);
      url.searchParams.set('format', 'json');
      const res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) throw new Error(`SearXNG answered ${res.status}`);
      const body = (await res.json()) as { results?: SearxResult[] };
      return (body.results ?? [])
        .filter((r): r is SearxResult & { url: string } => typeof r.url === 'string' && /^https?:\/\//.test(r.url))
        .filter(keepsResult(options?.filters, new Date()))
        .slice(0, k)
        .map(
          (r): Passage => ({
            url: r.url,
            title: r.title?.trim() || r.url,
            heading: '',
            content: r.content?.trim() ?? '',
            domain: new URL(r.url).hostname.replace(/^www\./, ''),
            published_date: r.publishedDate ?? null,
          }),
        );
    },
  };
}
