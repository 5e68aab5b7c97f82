// What other parts use of the watchlist (docs/architecture.md: a domain is used only through its index.ts).
export { watchlistRoutes } from './routes.js';
export { watchlistItemsProjection } from './projections.js';
export { WATCHLIST_MAX, WATCHLIST_TYPES, type WatchlistType } from './catalogue.js';
export { watchlistExport } from './export.js';
export { watchlistRedactors } from './erasure.js';
export { looksLikeInstrument, type TickerSuggestion, tickerSuggestions } from './ticker-suggestions.js';
