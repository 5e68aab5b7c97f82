// The market-data port of price alerts: one quote per symbol, from whichever provider the server
// is configured with (finnhub.ts), and the one rule for what a symbol may look like.

/** A stock's latest price and the previous session's close, in `currency`; `at` is the provider's time of the price. */
export type Quote = { symbol: string; price: number; previous_close: number; currency: string; at: Date };

export interface MarketData {
  /** The provider's name, as the status call and the logs show it. */
  readonly provider: string;
  quote(symbol: string, signal?: AbortSignal): Promise<Quote>;
  /** Instruments whose symbol or name matches `query`, as the provider ranks them. */
  search(query: string, signal?: AbortSignal): Promise<Instrument[]>;
}

/** A listed instrument: `type` is the provider's kind of it (e.g. "Common Stock", "ETP"). */
export type Instrument = { symbol: string; description: string; type: string };

/** Why a quote could not be had; the message never holds the provider's key. */
export type MarketDataFailure = 'unknown_symbol' | 'unauthorized' | 'rate_limited' | 'unavailable' | 'timeout' | 'bad_payload' | 'too_large';

export class MarketDataError extends Error {
  constructor(
    readonly failure: MarketDataFailure,
    message: string,
  ) {
    super(message);
    this.name = 'MarketDataError';
  }
}

export { parseSymbol, SYMBOL_PATTERN } from '../shared/ticker-symbol.js';
