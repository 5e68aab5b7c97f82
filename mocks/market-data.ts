// The market data in the mock API, by the server's own rule (services/market/from-config.ts): with
// `marketData: 'finnhub'` (the default) price alerts can be made, with 'off' the status says no
// provider is configured, as on a server without MARKET_DATA_PROVIDER; a visitor gets 401.
import type { RequestHandler } from 'msw';
import { getGetMarketDataStatusMockHandler } from '../generated/msw/market-data/market-data.msw';
import { marketDataStatus, marketErrors } from '../services/market/pure';
import { refuse } from './problem';

export type MockMarketData = 'finnhub' | 'off';

export function marketDataHandlers(opts: { signedIn: () => boolean; mode?: MockMarketData }): RequestHandler[] {
  const marketData = (opts.mode ?? 'finnhub') === 'off' ? null : { provider: 'finnhub' as const, baseUrl: 'https://finnhub.io/api/v1', apiKey: 'mock' };
  return [
    getGetMarketDataStatusMockHandler(() => {
      if (!opts.signedIn()) refuse(marketErrors.unauthenticated());
      return marketDataStatus({ marketData });
    }),
  ];
}
