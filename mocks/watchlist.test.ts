// The mock watchlist answers as the server does, by the same rules: add (not twice), reorder
// (finance only), remove, suggestions marked subscribed, quotes, unknown categories refused, a
// visitor asked to sign in, and a server without market data saying so.
import { setupServer } from 'msw/node';
import { afterEach, expect, test } from 'vitest';
import { createScenario } from './handlers';

const W = 'http://app.test/rest/homepage-widgets/watchlist';
let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

function start(signedIn: boolean, marketData?: 'finnhub' | 'off') {
  server = setupServer(...createScenario(signedIn ? 'signed-in' : 'anonymous', { streamDelayMs: 0, marketData }).handlers);
  server.listen();
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${W}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };
}
const ids = (r: { json: { results: { identifier: string }[] } }) => r.json.results.map((i) => i.identifier);

test('add, add again, reorder, remove: the same rules as the server', async () => {
  const call = start(true);
  await call('PUT', '/subscription?type=finance&identifier=AAPL&category=stocks');
  await call('PUT', '/subscription?type=finance&identifier=msft&category=stocks');
  expect(ids(await call('PUT', '/subscription?type=finance&identifier=AAPL&category=stocks'))).toEqual(['AAPL', 'MSFT']);
  expect(ids(await call('PATCH', '/subscription?type=finance&identifier=MSFT', { order: 0 }))).toEqual(['MSFT', 'AAPL']);
  expect((await call('PATCH', '/subscription?type=sports&identifier=MSFT', { order: 0 })).json.code).toBe('watchlist_reorder_finance_only');
  expect((await call('PUT', '/subscription?type=finance&identifier=AAPL&category=bonds')).json.code).toBe('unknown_watchlist_category');
  expect((await call('PUT', '/subscription?type=sports&identifier=lakers&category=nba')).json.code).toBe('unknown_team');
  const suggested = await call('GET', '/list-autosuggest?type=finance&query=a&limit=5');
  expect(suggested.json.results.length).toBeLessThanOrEqual(5);
  expect(suggested.json.results.find((r: { identifier: string }) => r.identifier === 'AAPL')).toMatchObject({ subscribed: true });
  const quotes = await call('GET', '/quotes');
  expect(quotes.json.results.map((r: { identifier: string; quote: unknown }) => [r.identifier, !!r.quote])).toEqual([
    ['MSFT', true],
    ['AAPL', true],
  ]);
  expect(ids(await call('DELETE', '/subscription?type=finance&identifier=MSFT&category=stocks'))).toEqual(['AAPL']);
  expect((await call('GET', '/categories?type=sports')).json.results).toHaveLength(5);
});

test('a visitor is asked to sign in; without market data the finance calls say so', async () => {
  const visitor = start(false);
  expect((await visitor('GET', '/subscription?type=finance')).status).toBe(401);
  server?.close();
  const off = start(true, 'off');
  const refused = await off('PUT', '/subscription?type=finance&identifier=AAPL&category=stocks');
  expect([refused.status, refused.json.code]).toEqual([503, 'market_data_not_configured']);
  expect((await off('GET', '/quotes')).status).toBe(503);
});

test('F1: drivers suggested and followed, the last race with the followed marked; off says there is no source', async () => {
  const call = start(true);
  expect(ids(await call('GET', '/list-autosuggest?type=f1&query=lando'))).toEqual(['norris']);
  expect(ids(await call('PUT', '/subscription?type=f1&identifier=norris&category=f1'))).toEqual(['norris']);
  expect((await call('PUT', '/subscription?type=f1&identifier=nobody&category=f1')).json.code).toBe('unknown_driver');
  const res = await fetch('http://app.test/rest/homepage-widgets/f1/results');
  const body = await res.json();
  expect(body.results.filter((r: { followed: boolean }) => r.followed).map((r: { driver_id: string }) => r.driver_id)).toEqual(['norris']);
  server?.close();
  server = setupServer(...createScenario('signed-in', { streamDelayMs: 0, f1: 'off' }).handlers);
  server.listen();
  const off = await fetch('http://app.test/rest/homepage-widgets/f1/results');
  expect([off.status, (await off.json()).code]).toEqual([503, 'f1_data_not_configured']);
});

test('sports: teams suggested and followed, the scores of their games; off says there is no source', async () => {
  const call = start(true);
  expect(ids(await call('GET', '/list-autosuggest?type=sports&query=lakers'))).toEqual(['nba:13']);
  expect(ids(await call('PUT', '/subscription?type=sports&identifier=nba:13&category=nba'))).toEqual(['nba:13']);
  expect((await call('PUT', '/subscription?type=sports&identifier=nba:13&category=nfl')).json.code).toBe('unknown_team');
  const scores = await (await fetch('http://app.test/rest/homepage-widgets/sports/scores')).json();
  expect(scores.games.map((g: { game_id: string; home: { followed: boolean; winner: boolean } }) => [g.game_id, g.home.followed, g.home.winner])).toEqual([
    ['401', true, true],
  ]);
  server?.close();
  server = setupServer(...createScenario('signed-in', { streamDelayMs: 0, sports: 'off' }).handlers);
  server.listen();
  const off = await fetch('http://app.test/rest/homepage-widgets/sports/scores');
  expect([off.status, (await off.json()).code]).toEqual([422, 'sports_data_not_configured']);
});
