// The configured market-data provider (MARKET_DATA_PROVIDER, services/shared/config.ts), or none.
import type { Config } from '../shared/config.js';
import { marketErrors } from './errors.js';
import { finnhubMarketData } from './finnhub.js';
import type { MarketData } from './quote.js';

/** The adapter of the configured provider; null when none is configured (price alerts are then off). */
export function marketDataFromConfig(config: Pick<Config, 'marketData'>): MarketData | null {
  const m = config.marketData;
  if (!m) return null;
  switch (m.provider) {
    case 'finnhub':
      return finnhubMarketData({ baseUrl: m.baseUrl, apiKey: m.apiKey });
  }
}

/** What the status call answers: whether price alerts can be made here, and through which provider. */
export function marketDataStatus(config: Pick<Config, 'marketData'>): { configured: boolean; provider: string | null } {
  return { configured: !!config.marketData, provider: config.marketData?.provider ?? null };
}

/**
 * Throws 503 `market_data_not_configured` when no provider is configured: the tasks domain calls it
 * before an ALERT task is created (or changed to one), so an alert that could never fire is refused.
 */
export function assertAlertsAvailable(config: Pick<Config, 'marketData'>): void {
  if (!config.marketData) throw marketErrors.notConfigured();
}
