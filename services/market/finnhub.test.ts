// The Finnhub adapter against the fake of Finnhub's quote API on 127.0.0.1: a quote in, every
// failure a MarketDataError of its kind, and the key only ever in the header, never in a URL or
// an error's message.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { listenLoopback } from '../../tests/fakes/listen.js';
import { startMarketDataFake } from '../../tests/fakes/market-data.js';
import { finnhubMarketData } from './finnhub.js';
import { MarketDataError } from './quote.js';

let fake: Awaited<ReturnType<typeof startMarketDataFake>>;
beforeAll(async () => {
  fake = await startMarketDataFake();
});
afterAll(async () => fake?.close());

const adapter = (apiKey = fake.apiKey, timeoutMs = 2_000) => finnhubMarketData({ baseUrl: `${fake.url}/`, apiKey, timeoutMs });

/** The adapter's failure for a symbol, checked to carry no key. */
async function failure(symbol: string, market = adapter()) {
  const err = await market.quote(symbol).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MarketDataError);
  const e = err as MarketDataError;
  expect(e.message).not.toContain(fake.apiKey);
  expect(e.message).not.toContain('wrong-key');
  return e;
}

test('a quote: price, previous close, US dollars and the provider’s time', async () => {
  fake.setQuote('AAPL', 201.3, 197.16);
  const q = await adapter().quote('AAPL');
  expect(q).toMatchObject({ symbol: 'AAPL', price: 201.3, previous_close: 197.16, currency: 'USD' });
  expect(q.at.getTime()).toBeGreaterThan(Date.UTC(2025, 0, 1));
  expect(fake.urls.every((u) => !u.includes(fake.apiKey))).toBe(true);
});

test('a symbol Finnhub does not know (its zeros) is unknown_symbol', async () => {
  expect((await failure('NOPE')).failure).toBe('unknown_symbol');
});

test('a wrong key is unauthorized, and the message names neither key', async () => {
  fake.setQuote('MSFT', 400, 390);
  const e = await failure('MSFT', adapter('wrong-key'));
  expect(e.failure).toBe('unauthorized');
  expect(e.message).toMatch(/401/);
});

test('500, 429, a timeout, an oversized or malformed answer each fail with their kind', async () => {
  for (const [mode, kind] of [
    ['error', 'unavailable'],
    ['rate_limited', 'rate_limited'],
    ['oversized', 'too_large'],
    ['garbage', 'bad_payload'],
    ['timeout', 'timeout'],
  ] as const) {
    fake.setQuote('TSLA', 300, 290);
    fake.fail('TSLA', mode);
    const e = await failure('TSLA', adapter(fake.apiKey, mode === 'timeout' ? 300 : 2_000));
    expect([mode, e.failure]).toEqual([mode, kind]);
    fake.fail('TSLA', null);
  }
  expect(await adapter().quote('TSLA')).toMatchObject({ price: 300 });
});

test('an unreachable provider is unavailable, named by its error code only', async () => {
  const closed = await listenLoopback(() => {});
  await closed.close();
  const e = await failure('AAPL', finnhubMarketData({ baseUrl: closed.url, apiKey: fake.apiKey }));
  expect(e.failure).toBe('unavailable');
  expect(e.message).toMatch(/ECONNREFUSED/);
});

test('a cancelled check stops the quote under way', async () => {
  fake.fail('SLOW', 'timeout');
  const abort = new AbortController();
  const pending = adapter(fake.apiKey, 10_000).quote('SLOW', abort.signal);
  abort.abort();
  await expect(pending).rejects.toMatchObject({ failure: 'unavailable' });
  fake.fail('SLOW', null);
});

test('symbol search: the matches as the provider lists them, the key only in the header, failures typed', async () => {
  fake.addInstrument('SRCH', 'SEARCHABLE HOLDINGS INC');
  fake.addInstrument('SRCE', 'SEARCHABLE ETF', 'ETP');
  const found = await adapter().search('searchable');
  expect(found).toEqual([
    { symbol: 'SRCH', description: 'SEARCHABLE HOLDINGS INC', type: 'Common Stock' },
    { symbol: 'SRCE', description: 'SEARCHABLE ETF', type: 'ETP' },
  ]);
  expect(fake.urls.filter((u) => u.startsWith('/search')).every((u) => !u.includes(fake.apiKey))).toBe(true);
  fake.fail('search', 'garbage');
  const err = await adapter()
    .search('searchable')
    .then(
      () => null,
      (e: unknown) => e as MarketDataError,
    );
  fake.fail('search', null);
  expect(err).toBeInstanceOf(MarketDataError);
  expect(err?.failure).toBe('bad_payload');
});
