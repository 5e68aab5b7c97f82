// The tickers the ask box suggests (issue 36): instruments of the market-data provider price alerts
// use whose symbol or name holds what is typed, each with its latest quote where one can be had.
// Through the watchlist's per-instance cache, so typing stays within the provider's rate limit;
// only short texts (a name or a symbol, not a sentence) are looked up. No provider: null.
import { marketDataFromConfig, parseSymbol } from '../market/index.js';
import type { KernelContext } from '../shared/context.js';
import { sharedCachedMarket } from './cached-market.js';

export type TickerSuggestion = {
  symbol: string;
  description: string;
  quote: { price: number; change: number; change_percent: number; currency: string } | null;
};

/** A text longer than this, or of more words, is a question, not an instrument's name. */
const LOOKUP = { maxChars: 40, maxWords: 3 } as const;

export const looksLikeInstrument = (text: string) => {
  const t = text.trim();
  return t.length > 0 && t.length <= LOOKUP.maxChars && t.split(/\s+/).length <= LOOKUP.maxWords;
};

const round = (n: number) => Math.round(n * 10_000) / 10_000;

export async function tickerSuggestions(
  config: KernelContext['config'],
  text: string,
  limit: number,
  signal?: AbortSignal,
): Promise<TickerSuggestion[] | null> {
  const market = sharedCachedMarket(config, () => marketDataFromConfig(config));
  if (!market) return null;
  if (!looksLikeInstrument(text)) return [];
  const found = await market.search(text.trim(), signal);
  const seen = new Set<string>();
  const picked = [];
  for (const i of found) {
    // Plain tickers only: what the quote call can price.
    const symbol = parseSymbol(i.symbol);
    if (!symbol || symbol !== i.symbol || seen.has(symbol)) continue;
    seen.add(symbol);
    picked.push({ symbol, description: i.description });
    if (picked.length >= limit) break;
  }
  return Promise.all(
    picked.map(async (p): Promise<TickerSuggestion> => {
      try {
        const q = await market.quote(p.symbol, signal);
        const change = q.price - q.previous_close;
        const percent = q.previous_close ? (change / q.previous_close) * 100 : 0;
        return { ...p, quote: { price: q.price, change: round(change), change_percent: round(percent), currency: q.currency } };
      } catch {
        return { ...p, quote: null };
      }
    }),
  );
}
