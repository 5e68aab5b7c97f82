// The market data on the real server (issue 18): with Finnhub configured (here its fake's address),
// the status call says so to a signed-in person and asks a visitor to sign in; the key never
// reaches the browser or the server's logs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMarketDataFake } from '../fakes/market-data.js';
import { createTestDatabase } from '../support/database.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let fake: Awaited<ReturnType<typeof startMarketDataFake>>;

beforeAll(async () => {
  fake = await startMarketDataFake();
  database = await createTestDatabase('market');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_URL: fake.url, MARKET_DATA_API_KEY: fake.apiKey, PRICE_ALERT_CHECK_SECONDS: '5' },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await fake?.close();
});

test('GET /rest/tasks/market-data/status: configured for the signed-in (owner and stranger alike: it is the server’s), 401 for a visitor', async () => {
  for (const person of [await signedUp(server.url, 'Ada'), await signedUp(server.url, 'Sam')]) {
    const res = await person.get('/rest/tasks/market-data/status');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ configured: true, provider: 'finnhub' });
    expect(res.text).not.toContain(fake.apiKey);
  }
  const anonymous = await (await visitor(server.url)).get('/rest/tasks/market-data/status');
  expect(anonymous.status).toBe(401);
  expect(anonymous.json).toMatchObject({ code: 'unauthenticated' });
  expect(server.logs()).not.toContain(fake.apiKey);
});
