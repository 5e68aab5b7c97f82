// The market data's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const MARKET_DATA_NOT_CONFIGURED = 'Price alerts need a market-data provider, and this server has none configured. Ask its administrator to set one up.';

export const marketErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  notConfigured: () => new DomainError('unavailable', 'market_data_not_configured', MARKET_DATA_NOT_CONFIGURED),
  unknownSymbol: (symbol: string) => new DomainError('unprocessable', 'unknown_symbol', `The market-data provider knows no stock with the symbol ${symbol}.`),
  invalidSymbol: () => new DomainError('invalid', 'invalid_symbol', 'Enter a ticker symbol: letters, digits, dots or dashes, at most 12 (for example AAPL).'),
};
