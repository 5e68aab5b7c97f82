// An alert's symbol at creation, against the Finnhub fake: upper-cased when the provider knows
// it, refused with a stable code when it cannot be a symbol or the provider knows no such stock,
// accepted when the provider is down (the checks ask again), refused when no provider is set.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMarketDataFake } from '../../tests/fakes/market-data.js';
import { checkAlertSymbol } from './alert-symbol.js';
import { finnhubMarketData } from './finnhub.js';

let fake: Awaited<ReturnType<typeof startMarketDataFake>>;
beforeAll(async () => {
  fake = await startMarketDataFake();
});
afterAll(async () => fake?.close());

const market = () => finnhubMarketData({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 1_000 });

test('a known symbol, as typed, comes back upper-cased', async () => {
  fake.setQuote('BRK.B', 480, 470);
  expect(await checkAlertSymbol(market(), ' brk.b ')).toBe('BRK.B');
});

test('refusals: no provider 503, not a symbol 400, unknown to the provider 422', async () => {
  await expect(checkAlertSymbol(null, 'AAPL')).rejects.toMatchObject({ kind: 'unavailable', code: 'market_data_not_configured' });
  for (const bad of ['', 'A B', 'TOOLONGSYMBOL1', 'AAPL;DROP', '$AAPL'])
    await expect(checkAlertSymbol(market(), bad), bad).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_symbol' });
  await expect(checkAlertSymbol(market(), 'ZZZZ')).rejects.toMatchObject({ kind: 'unprocessable', code: 'unknown_symbol' });
});

test('a provider that fails right now does not block the alert', async () => {
  fake.fail('MSFT', 'error');
  expect(await checkAlertSymbol(market(), 'msft')).toBe('MSFT');
  fake.fail('MSFT', null);
});
