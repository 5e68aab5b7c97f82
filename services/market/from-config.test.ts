// The market data from configuration: Finnhub with its key (its documented base URL unless
// another is set), nothing without a provider, half a configuration refused at start; the status
// call and assertAlertsAvailable say the same, and the key is in neither.
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../shared/config.js';
import { DomainError } from '../shared/domain-error.js';
import { assertAlertsAvailable, marketDataFromConfig } from './from-config.js';
import { marketRoutes } from './routes.js';
import type { KernelContext } from '../shared/context.js';
import type { HandlerInput } from '../http/handler.js';

const KEY = 'secret-finnhub-key';

test('unset: no provider, alerts refused with 503 market_data_not_configured and a plain reason', () => {
  const config = loadConfig({});
  expect(config.marketData).toBeNull();
  expect(config.priceAlertCheckMs).toBe(60_000);
  expect(marketDataFromConfig(config)).toBeNull();
  const err = (() => {
    try {
      assertAlertsAvailable(config);
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(DomainError);
  expect(err).toMatchObject({ kind: 'unavailable', code: 'market_data_not_configured' });
  expect((err as Error).message).toMatch(/market-data provider/);
});

test('finnhub with a key: the documented base URL, or the one set; alerts allowed', () => {
  const config = loadConfig({ MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_API_KEY: KEY, PRICE_ALERT_CHECK_SECONDS: '30' });
  expect(config.marketData).toEqual({ provider: 'finnhub', baseUrl: 'https://finnhub.io/api/v1', apiKey: KEY });
  expect(config.priceAlertCheckMs).toBe(30_000);
  expect(marketDataFromConfig(config)?.provider).toBe('finnhub');
  expect(() => assertAlertsAvailable(config)).not.toThrow();
  const own = loadConfig({ MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_API_KEY: KEY, MARKET_DATA_URL: 'http://127.0.0.1:9999/api/v1/' });
  expect(own.marketData?.baseUrl).toBe('http://127.0.0.1:9999/api/v1');
});

test('half a configuration, an unknown provider or a bad interval stops the start, and no message shows the key', () => {
  for (const env of [
    { MARKET_DATA_PROVIDER: 'finnhub' },
    { MARKET_DATA_API_KEY: KEY },
    { MARKET_DATA_URL: 'https://finnhub.io/api/v1' },
    { MARKET_DATA_PROVIDER: 'yahoo', MARKET_DATA_API_KEY: KEY },
    { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_API_KEY: KEY, MARKET_DATA_URL: 'ftp://example.com' },
    { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_API_KEY: KEY, PRICE_ALERT_CHECK_SECONDS: '1' },
  ]) {
    const err = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err, JSON.stringify(env)).toBeInstanceOf(ConfigError);
    expect(err?.message).toMatch(/MARKET_DATA|PRICE_ALERT_CHECK_SECONDS/);
    expect(err?.message).not.toContain(KEY);
  }
});

test('the status call: configured and the provider, never the key; a visitor is asked to sign in', async () => {
  const status = marketRoutes.getMarketDataStatus;
  const input = (userId: string | null) => ({ actor: { userId: async () => userId } }) as unknown as HandlerInput<'getMarketDataStatus'>;
  const ctx = (env: Record<string, string>) => ({ config: loadConfig(env) }) as KernelContext;
  const on = await status(input('ada'), ctx({ MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_API_KEY: KEY }));
  expect(on).toEqual({ status: 200, body: { configured: true, provider: 'finnhub' } });
  expect(await status(input('ada'), ctx({}))).toEqual({ status: 200, body: { configured: false, provider: null } });
  await expect(status(input(null), ctx({}))).rejects.toMatchObject({ kind: 'unauthenticated' });
});
