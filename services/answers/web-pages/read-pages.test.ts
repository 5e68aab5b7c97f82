// The page reader's decisions with its fetcher, extractor and cache in memory: what is fetched,
// what falls back to its snippet, what the cache keeps and renews.
import { expect, test } from 'vitest';
import type { Db } from '../../db/database.js';
import type { FetchedPage, PageValidators } from '../../spaces/index.js';
import type { Passage } from '../types.js';
import type { CachedPage } from './cache.js';
import { PAGES_READ, type PageCache, pageReader } from './read-pages.js';

const NOW = new Date('2026-12-02T12:00:00Z');
const TTL = 60_000;
const result = (n: number): Passage => ({
  url: `https://site${n}.example/page`,
  title: `Result ${n}`,
  heading: '',
  content: `snippet ${n} about boiling`,
  domain: `site${n}.example`,
  published_date: null,
});
const pageText = (n: number) => `Page ${n} says water boiling at altitude happens near 90 degrees.`;

function world(opts: { fail?: Set<string>; hang?: Set<string>; cached?: CachedPage[]; notModified?: Set<string> } = {}) {
  const fetched: { url: string; validators?: PageValidators }[] = [];
  const stored: string[] = [];
  const renewed: string[] = [];
  const held = new Map((opts.cached ?? []).map((c) => [c.url, c]));
  const cache: PageCache = {
    lookup: async (urls) => new Map(urls.flatMap((u) => (held.has(u) ? [[u, held.get(u)!] as const] : []))),
    store: async (pages) => void stored.push(...pages.map((p) => p.url)),
    renew: async (rs) => void renewed.push(...rs.map((r) => r.url)),
  };
  const reader = pageReader({
    db: {} as Db,
    allowPrivateHosts: [],
    timeoutMs: 100,
    parseTimeoutMs: 100,
    cacheTtlMs: TTL,
    now: () => NOW,
    cache,
    fetch: async (url, o): Promise<FetchedPage> => {
      fetched.push({ url, validators: o.validators });
      if (opts.hang?.has(url)) return new Promise(() => {});
      if (opts.fail?.has(url)) throw new Error('HTTP 500');
      if (opts.notModified?.has(url)) return { url, contentType: '', body: '', notModified: true, etag: '"v2"' };
      return { url, contentType: 'text/html', body: String(Number(/site(\d+)/.exec(url)![1])), etag: '"v1"' };
    },
    extract: async (page) => ({ title: `Page title ${page.body}`, text: pageText(Number(page.body)) }),
  });
  return { reader, fetched, stored, renewed };
}

test('reads the top pages and cites their passages; a failing or hanging page falls back to its snippet', async () => {
  const results = [1, 2, 3].map(result);
  const w = world({ fail: new Set([results[1].url]), hang: new Set([results[2].url]) });
  const passages = await w.reader.read('boiling altitude', results);
  expect(passages.map((p) => p.content)).toEqual([pageText(1), 'snippet 2 about boiling', 'snippet 3 about boiling']);
  expect(passages[0]).toMatchObject({ url: results[0].url, title: 'Page title 1', domain: 'site1.example' });
  expect(w.stored).toEqual([results[0].url]);
});

test(`reads only the first ${PAGES_READ} results; the others keep their snippets`, async () => {
  const results = Array.from({ length: PAGES_READ + 2 }, (_, i) => result(i + 1));
  const w = world();
  const passages = await w.reader.read('boiling altitude', results);
  expect(w.fetched.map((f) => f.url)).toEqual(results.slice(0, PAGES_READ).map((r) => r.url));
  expect(passages.slice(-2)).toEqual(results.slice(-2));
});

test('a fresh cached page is not fetched; a stale one is asked for with its validators and renewed on 304', async () => {
  const [fresh, stale] = [result(1), result(2)];
  const copy = (url: string, age: number): CachedPage => ({
    url,
    title: 'Cached',
    text: 'Cached text on boiling at altitude.',
    etag: '"v1"',
    last_modified: 'Thu, 14 Mar 2024 09:00:00 GMT',
    checked_at: new Date(NOW.getTime() - age),
  });
  const w = world({ cached: [copy(fresh.url, TTL - 1), copy(stale.url, TTL + 1)], notModified: new Set([stale.url]) });
  const passages = await w.reader.read('boiling altitude', [fresh, stale]);
  expect(w.fetched).toEqual([{ url: stale.url, validators: { etag: '"v1"', lastModified: 'Thu, 14 Mar 2024 09:00:00 GMT' } }]);
  expect(w.renewed).toEqual([stale.url]);
  expect(w.stored).toEqual([]);
  expect(passages.map((p) => p.content)).toEqual(['Cached text on boiling at altitude.', 'Cached text on boiling at altitude.']);
});

test('two answers reading the same page at once share one fetch', async () => {
  const w = world();
  const [a, b] = await Promise.all([w.reader.read('boiling altitude', [result(1)]), w.reader.read('boiling altitude', [result(1)])]);
  expect(w.fetched).toHaveLength(1);
  expect(a).toEqual(b);
});
