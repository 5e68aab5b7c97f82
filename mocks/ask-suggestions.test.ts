// The mock ask box suggestions answer as the server does, by the same rules: the seed's category
// order, tickers with full price info, news only with web search, shortcuts of the person, a visitor
// asked to sign in, and tickers absent without market data.
import { setupServer } from 'msw/node';
import { afterEach, expect, test } from 'vitest';
import { createScenario } from './handlers';

let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

function start(signedIn: boolean, opts: { marketData?: 'off'; webSearch?: boolean } = {}) {
  const features = { web_search: opts.webSearch ?? false };
  server = setupServer(...createScenario(signedIn ? 'signed-in' : 'anonymous', { streamDelayMs: 0, marketData: opts.marketData, features }).handlers);
  server.listen();
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://app.test${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };
}
type List = { category: string; title: string | null; items: { text: string; quote: unknown }[] };
const categories = (r: { json: { categories: List[] } }) => r.json.categories.map((c) => [c.category, c.title]);

test('tickers priced, news with web search, the person’s shortcuts, in the seed order', async () => {
  const call = start(true, { webSearch: true });
  expect((await call('POST', '/rest/tasks', { task_type: 'SHORTCUT', title: 'Apple check', query: { prompt: 'How is Apple doing?' } })).status).toBe(201);
  const r = await call('GET', '/rest/ask/suggestions?query=apple');
  expect(r.status).toBe(200);
  expect(categories(r)).toEqual([
    ['ticker', null],
    ['news', 'Latest News'],
    ['shortcuts', 'Shortcuts'],
  ]);
  expect(r.json.categories[0].items[0]).toMatchObject({ text: 'AAPL', quote: { currency: 'USD' } });
  expect(r.json.categories[2].items[0]).toMatchObject({ text: 'How is Apple doing?', title: '/Apple check' });
});

test('without market data or web search those categories are absent', async () => {
  const call = start(true, { marketData: 'off' });
  expect((await call('GET', '/rest/ask/suggestions?query=apple')).json).toEqual({ categories: [] });
});

test('a visitor is asked to sign in; bad input is refused as the server refuses it', async () => {
  const visitor = start(false);
  const r = await visitor('GET', '/rest/ask/suggestions?query=apple');
  expect([r.status, r.json.code]).toEqual([401, 'login_required']);
  expect((await visitor('GET', '/rest/ask/suggestions?query=apple&limit=9')).status).toBe(400);
});
