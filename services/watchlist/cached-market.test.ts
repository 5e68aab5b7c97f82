// Searches and quotes are asked of the provider once while kept; failures are not kept.
import { expect, test } from 'vitest';
import { type MarketData, MarketDataError } from '../market/index.js';
import { cachedMarket } from './cached-market.js';

function counting() {
  const asked: string[] = [];
  let failNext = false;
  const market: MarketData = {
    provider: 'test',
    async search(q) {
      asked.push(`search:${q}`);
      return [{ symbol: 'AAPL', description: 'APPLE INC', type: 'Common Stock' }];
    },
    async quote(s) {
      asked.push(`quote:${s}`);
      if (failNext) {
        failNext = false;
        throw new MarketDataError('unavailable', 'down');
      }
      return { symbol: s, price: 1, previous_close: 1, currency: 'USD', at: new Date(0) };
    },
  };
  return { market, asked, failOnce: () => (failNext = true) };
}

test('the same search (any case, spaces around) and the same quote reach the provider once', async () => {
  const { market, asked } = counting();
  const cached = cachedMarket(market);
  await cached.search('Apple');
  await cached.search(' apple ');
  await cached.quote('AAPL');
  await cached.quote('AAPL');
  expect(asked).toEqual(['search:Apple', 'quote:AAPL']);
});

test('a failure is not kept: the next ask reaches the provider again', async () => {
  const { market, asked, failOnce } = counting();
  const cached = cachedMarket(market);
  failOnce();
  await expect(cached.quote('MSFT')).rejects.toBeInstanceOf(MarketDataError);
  await cached.quote('MSFT');
  await cached.quote('MSFT');
  expect(asked).toEqual(['quote:MSFT', 'quote:MSFT']);
});
