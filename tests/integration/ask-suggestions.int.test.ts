// The ask box's suggestions on the real server and PostgreSQL (issue 36, seed 000 §9): the
// categories in the seed's order, tickers from the Finnhub fake with full price info first, the
// person's own questions and the related questions of their threads (never another person's, never
// incognito), news from the SearXNG fake's news category, the person's shortcuts; authorization
// rows; bad input. Without market data or web search: services/suggestions/use-cases.int.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMarketDataFake } from '../fakes/market-data.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askAndWait, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const S = '/rest/ask/suggestions';
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;
let searxng: Awaited<ReturnType<typeof startSearxngFake>>;
let owner: Browser;
let stranger: Browser;
let anonymous: Browser;
let related: string;
let strangersRelated: string[];

type Category = {
  category: string;
  title: string | null;
  items: { text: string; title: string; subtitle: string | null; url: string | null; quote: unknown }[];
};
const suggest = async (b: Browser, query: string, extra = '') => (await b.get(`${S}?query=${encodeURIComponent(query)}${extra}`)).json.categories as Category[];
const of = (lists: Category[], category: string) => lists.find((l) => l.category === category)?.items.map((i) => i.text) ?? [];

beforeAll(async () => {
  market = await startMarketDataFake();
  market.addInstrument('APLE', 'APPLE HOSPITALITY REIT INC');
  market.addInstrument('AAPL', 'APPLE INC');
  market.setQuote('AAPL', 190, 200);
  searxng = await startSearxngFake((q) =>
    q.includes('apple')
      ? [{ url: 'https://news.example/apple-earnings', title: 'Apple reports earnings', content: 'Revenue rose.', publishedDate: '2026-12-01T08:00:00Z' }]
      : [],
  );
  database = await createTestDatabase('ask_suggestions');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_URL: market.url, MARKET_DATA_API_KEY: market.apiKey, SEARXNG_URL: searxng.url },
  });
  [owner, stranger, anonymous] = [await signedUp(server.url, 'Olive'), await signedUp(server.url, 'Sam'), await visitor(server.url)];
  const asked = await askAndWait(server.url, owner, 'How do I share a thread?');
  await askAndWait(server.url, owner, 'Apple pie recipe secret', { incognito: true });
  const theirs = await askAndWait(server.url, stranger, 'How do I share a thread privately?');
  const thread = (await owner.get(`/rest/thread/${asked.thread_url_slug}`)).json;
  related = thread.entries[0].related_questions[0];
  strangersRelated = (await stranger.get(`/rest/thread/${theirs.thread_url_slug}`)).json.entries[0].related_questions;
  expect((await owner.post('/rest/tasks', { task_type: 'SHORTCUT', title: 'Share tips', query: { prompt: 'Give me three sharing tips' } })).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await market?.close();
  await searxng?.close();
});

describe('authorization rows', () => {
  test('GET suggestions: 200 for the owner and a stranger (each their own), 401 for anonymous', async () => {
    expect((await owner.get(`${S}?query=share`)).status).toBe(200);
    expect((await stranger.get(`${S}?query=share`)).status).toBe(200);
    const refused = await anonymous.get(`${S}?query=share`);
    expect([refused.status, refused.json.code]).toEqual([401, 'login_required']);
  });
});

describe('the categories', () => {
  test("the person's own questions, the related questions of their threads and their shortcuts, in the seed's order", async () => {
    const lists = await suggest(owner, 'share');
    expect(lists.map((l) => [l.category, l.title])).toEqual([
      ['suggestion', null],
      ['shortcuts', 'Shortcuts'],
    ]);
    expect(of(lists, 'suggestion')).toEqual(['How do I share a thread?']);
    expect(lists[1].items[0]).toMatchObject({ text: 'Give me three sharing tips', title: '/Share tips' });
    // Another person's question never shows, however close.
    expect(of(await suggest(stranger, 'share'), 'suggestion')).toEqual(['How do I share a thread privately?']);
  });

  test("the engine's related questions of the person's thread", async () => {
    expect(related).toBeTruthy();
    const lists = await suggest(owner, related.slice(0, 12));
    expect(of(lists, 'related_question')).toContain(related);
    expect(lists.find((l) => l.category === 'related_question')?.title).toBe('Related Questions');
    // The stranger sees only what their own thread offered.
    for (const q of of(await suggest(stranger, related.slice(0, 12)), 'related_question')) expect(strangersRelated).toContain(q);
  });

  test('tickers with full price info first, then news from the web search, never an incognito question', async () => {
    const lists = await suggest(owner, 'apple');
    expect(lists.map((l) => l.category)).toEqual(['ticker', 'news']);
    const [priced, unpriced] = lists[0].items;
    expect(priced).toMatchObject({ text: 'AAPL', subtitle: 'APPLE INC', quote: { price: 190, change: -10, change_percent: -5, currency: 'USD' } });
    expect(unpriced).toMatchObject({ text: 'APLE', quote: null });
    expect(lists[1]).toEqual({
      category: 'news',
      title: 'Latest News',
      items: [
        { text: 'Apple reports earnings', title: 'Apple reports earnings', subtitle: 'news.example', url: 'https://news.example/apple-earnings', quote: null },
      ],
    });
    expect(searxng.requests.at(-1)).toMatchObject({ q: 'apple', categories: 'news', format: 'json' });
  });

  test('a market-data provider that fails leaves tickers out; the rest still come', async () => {
    market.fail('search', 'error');
    try {
      expect((await suggest(owner, 'apple inc')).map((l) => l.category)).toEqual(['news']);
    } finally {
      market.fail('search', null);
    }
  });

  test('limit bounds each category; a one-letter text suggests nothing', async () => {
    const lists = await suggest(owner, 'apple', '&limit=1');
    expect(lists[0].items).toHaveLength(1);
    expect(await suggest(owner, 's')).toEqual([]);
  });

  test('bad input: no query, an over-long one, a limit out of range', async () => {
    for (const path of [S, `${S}?query=${'x'.repeat(201)}`, `${S}?query=share&limit=0`, `${S}?query=share&limit=9`]) {
      const r = await owner.get(path);
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  test('a LIKE wildcard is taken as a letter', async () => {
    expect(of(await suggest(owner, '%%'), 'suggestion')).toEqual([]);
  });
});
