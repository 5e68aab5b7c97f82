// The watchlist modal's arguments: which widget's watchlist it opens on (finance when not given).
export type WatchlistModalArgs = { type?: 'finance' | 'sports' | 'f1' };
