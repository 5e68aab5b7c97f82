// The mock market-data status answers as the server does: configured by default, not with
// `marketData: 'off'`, and 401 for a visitor.
import { setupServer } from 'msw/node';
import { afterEach, expect, test } from 'vitest';
import { createScenario } from './handlers';

const base = 'http://app.test';
let server: ReturnType<typeof setupServer> | undefined;
afterEach(() => server?.close());

async function statusAs(signedIn: boolean, marketData?: 'finnhub' | 'off') {
  const scenario = createScenario(signedIn ? 'signed-in' : 'anonymous', { streamDelayMs: 0, marketData });
  server = setupServer(...scenario.handlers);
  server.listen();
  const res = await fetch(`${base}/rest/tasks/market-data/status`);
  const out = { status: res.status, body: await res.json() };
  server.close();
  server = undefined;
  return out;
}

test('signed in: configured with Finnhub by default, not configured when off; a visitor is asked to sign in', async () => {
  expect(await statusAs(true)).toEqual({ status: 200, body: { configured: true, provider: 'finnhub' } });
  expect(await statusAs(true, 'off')).toEqual({ status: 200, body: { configured: false, provider: null } });
  expect(await statusAs(false)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
});
