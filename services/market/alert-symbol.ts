// The symbol of a price alert being created or changed, checked as far as can be before it is
// kept: a provider configured (503 market_data_not_configured), a ticker's shape (400
// invalid_symbol), and a stock the provider knows (422 unknown_symbol). A provider that cannot
// answer right now does not block the alert: the checks ask again on schedule.
import { marketErrors } from './errors.js';
import { type MarketData, MarketDataError, parseSymbol } from './quote.js';

export async function checkAlertSymbol(market: MarketData | null, input: string, signal?: AbortSignal): Promise<string> {
  if (!market) throw marketErrors.notConfigured();
  const symbol = parseSymbol(input);
  if (!symbol) throw marketErrors.invalidSymbol();
  try {
    await market.quote(symbol, signal);
  } catch (err) {
    if (err instanceof MarketDataError && err.failure === 'unknown_symbol') throw marketErrors.unknownSymbol(symbol);
  }
  return symbol;
}
