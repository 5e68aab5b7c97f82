// The market data as the watchlist asks it: searches and quotes kept a short while per app
// instance, so people typing and widgets refreshing each minute stay within a provider's rate
// limit (Finnhub's free tier: 60 calls a minute). Failures are not kept: the next ask tries again.
import { LRUCache } from 'lru-cache';
import { cachedCall } from './cached-call.js';
import type { Instrument, MarketData, Quote } from '../market/index.js';

export const WATCHLIST_CACHE = { searchTtlMs: 10 * 60_000, quoteTtlMs: 30_000, entries: 2_000 } as const;

export function cachedMarket(market: MarketData, opts: { searchTtlMs?: number; quoteTtlMs?: number } = {}): MarketData {
  const searches = new LRUCache<string, Instrument[]>({ max: WATCHLIST_CACHE.entries, ttl: opts.searchTtlMs ?? WATCHLIST_CACHE.searchTtlMs });
  const quotes = new LRUCache<string, Quote>({ max: WATCHLIST_CACHE.entries, ttl: opts.quoteTtlMs ?? WATCHLIST_CACHE.quoteTtlMs });
  return {
    provider: market.provider,
    search: (query, signal) => cachedCall(searches, query.trim().toLowerCase(), () => market.search(query, signal)),
    quote: (symbol, signal) => cachedCall(quotes, symbol, () => market.quote(symbol, signal)),
  };
}

/** One cache per configured provider for the app's life: the routes build their deps per request. */
const byProvider = new WeakMap<object, MarketData>();
export function sharedCachedMarket(key: object, make: () => MarketData | null): MarketData | null {
  const kept = byProvider.get(key);
  if (kept) return kept;
  const market = make();
  if (!market) return null;
  const cached = cachedMarket(market);
  byProvider.set(key, cached);
  return cached;
}
