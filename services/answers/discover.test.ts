// Discover's news against the SearXNG fake on 127.0.0.1: the news category for the day, items cut
// to http(s) links, one per address, at most 12; kept for a while; none without web search; a
// failed search says why and is not kept.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearxngFake } from '../../tests/fakes/searxng.js';
import { DISCOVER_ITEMS, DISCOVER_UNAVAILABLE, discoverFeed, newsItems } from './discover.js';

let searx: Awaited<ReturnType<typeof startSearxngFake>>;
beforeAll(async () => {
  searx = await startSearxngFake((q) => [
    { url: `https://news.example/${q}/1`, title: `${q} one`, content: 'First.', publishedDate: '2026-12-03T07:00:00' },
    { url: 'javascript:alert(1)', title: 'bad', content: '' },
    { url: `https://news.example/${q}/1`, title: 'again', content: '' },
  ]);
});
afterAll(() => searx?.close());

describe('Discover', () => {
  it('asks SearXNG for the day’s news of the topic, and keeps the answer a while', async () => {
    const before = searx.requests.length;
    const feed = await discoverFeed(searx.url, 'technology', 1_000_000);
    expect(searx.requests.at(-1)).toMatchObject({ q: 'technology', categories: 'news', time_range: 'day', format: 'json' });
    expect(feed).toEqual({
      configured: true,
      topic: 'technology',
      unavailable: null,
      items: [
        { title: 'technology one', url: 'https://news.example/technology/1', source: 'news.example', snippet: 'First.', published_at: '2026-12-03T07:00:00' },
      ],
    });
    await discoverFeed(searx.url, 'technology', 1_000_000 + 60_000);
    expect(searx.requests.length).toBe(before + 1);
  });

  it('has nothing without web search, and says why when the search fails', async () => {
    expect(await discoverFeed(null, 'top')).toEqual({ configured: false, topic: 'top', items: [], unavailable: null });
    expect(await discoverFeed('http://127.0.0.1:9/', 'science', 0, 500)).toEqual({
      configured: true,
      topic: 'science',
      items: [],
      unavailable: DISCOVER_UNAVAILABLE,
    });
  });

  it('keeps only http(s) links, once each, at most 12', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ url: fc.oneof(fc.webUrl(), fc.string()), title: fc.string() }), { maxLength: 40 }), (results) => {
        const items = newsItems(results);
        expect(items.length).toBeLessThanOrEqual(DISCOVER_ITEMS);
        expect(new Set(items.map((i) => i.url)).size).toBe(items.length);
        for (const i of items) expect(i.url).toMatch(/^https?:\/\//i);
      }),
    );
  });
});
