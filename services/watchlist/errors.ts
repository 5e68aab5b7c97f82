// The watchlist's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { WATCHLIST_MAX, type WatchlistType } from './catalogue.js';

/** The seed's toast when a 51st item is added (seed 000 §5). */
export const WATCHLIST_FULL = `Watchlist full (max ${WATCHLIST_MAX} items).`;
export const WATCHLIST_MARKET_NOT_CONFIGURED = 'The finance watchlist needs a market-data provider, and this server has none configured.';
export const WATCHLIST_SPORTS_NOT_CONFIGURED = 'This server has no sports scores source configured, so there is nothing to follow yet.';
export const WATCHLIST_F1_NOT_CONFIGURED = 'This server has no F1 results source configured, so there is nothing to follow yet.';

export const watchlistErrors = {
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to keep a watchlist.'),
  unknownCategory: (type: WatchlistType, category: string) =>
    new DomainError('invalid', 'unknown_watchlist_category', `The ${type} watchlist has no category "${category.slice(0, 32)}".`),
  full: () => new DomainError('conflict', 'watchlist_full', WATCHLIST_FULL),
  financeOnly: () => new DomainError('invalid', 'watchlist_reorder_finance_only', 'Only the finance watchlist can be reordered.'),
  notFound: () => new DomainError('not_found', 'watchlist_item_not_found', 'That item is not on your watchlist.'),
  invalidIdentifier: () =>
    new DomainError('invalid', 'invalid_watchlist_identifier', 'Enter a ticker symbol: letters, digits, dots or dashes, at most 12 (for example AAPL).'),
  unknownInstrument: (symbol: string) => new DomainError('not_found', 'unknown_instrument', `The market-data provider knows no instrument ${symbol}.`),
  marketNotConfigured: () => new DomainError('unavailable', 'market_data_not_configured', WATCHLIST_MARKET_NOT_CONFIGURED),
  marketUnavailable: () => new DomainError('unavailable', 'market_data_unavailable', 'The market-data provider did not answer. Please try again.'),
  f1NotConfigured: () => new DomainError('unavailable', 'f1_data_not_configured', WATCHLIST_F1_NOT_CONFIGURED),
  f1Unavailable: () => new DomainError('unavailable', 'f1_data_unavailable', 'The F1 results source did not answer. Please try again.'),
  unknownDriver: (id: string) => new DomainError('not_found', 'unknown_driver', `The F1 results source knows no driver ${id.slice(0, 64)} this season.`),
  sportsNotConfigured: () => new DomainError('unprocessable', 'sports_data_not_configured', WATCHLIST_SPORTS_NOT_CONFIGURED),
  sportsUnavailable: () => new DomainError('unavailable', 'sports_data_unavailable', 'The sports scores source did not answer. Please try again.'),
  unknownTeam: (id: string) => new DomainError('not_found', 'unknown_team', `The sports scores source knows no team ${id.slice(0, 64)} in that league.`),
};
