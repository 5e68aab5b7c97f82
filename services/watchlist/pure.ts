// What the web app and the mocks share of the watchlist: pure rules with no database and no Node,
// safe in the browser (index.ts brings the server's modules with it).
export * from './catalogue.js';
export * from './decide.js';
export * from './errors.js';
export { evolveWatchlist, initialWatchlist, type WatchlistItem, type WatchlistState } from './events.js';
