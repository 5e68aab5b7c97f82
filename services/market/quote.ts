// The market-data port of price alerts: one quote per symbol, from whichever provider the server
// is configured with (finnhub.ts), and the one rule for what a symbol may look like.

/** A stock's latest price and the previous session's close, in `currency`; `at` is the provider's time of the price. */
export type Quote = { symbol: string; price: number; previous_close: number; currency: string; at: Date };

export interface MarketData {
  /** The provider's name, as the status call and the logs show it. */
  readonly provider: string;
  quote(symbol: string, signal?: AbortSignal): Promise<Quote>;
}

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

export const SYMBOL_PATTERN = /^[A-Z0-9.-]{1,12}$/;

/**
 * A ticker symbol as typed (any case, spaces around), upper-cased, or null when it cannot be one:
 * letters, digits, '.' and '-', 1 to 12 characters (BRK.B, RDS-A). The tasks domain checks an
 * alert's symbol with it before the alert is kept, and the checker before a symbol is asked for.
 */
export function parseSymbol(input: string): string | null {
  const symbol = input.trim().toUpperCase();
  return SYMBOL_PATTERN.test(symbol) ? symbol : null;
}
