// The watchlists' fixed facts (seed 000 "Watchlist" and §9): the types, each type's categories in
// the order the filter shows them, the 50-item limit and the suggestion limit. Pure: the web app
// and the mocks read them too.
export const WATCHLIST_TYPES = ['sports', 'finance', 'f1'] as const;
export type WatchlistType = (typeof WATCHLIST_TYPES)[number];

/** At most this many items on one watchlist (seed 000 §5). */
export const WATCHLIST_MAX = 50;
/** Suggestions per search, and the client's wait for them (seed 000 §9). */
export const AUTOSUGGEST = { limit: 5, debounceMs: 100, timeoutMs: 1_500, retries: 1 } as const;

export type WatchlistCategory = { category: string; display_name: string };

export const WATCHLIST_CATEGORIES: Record<WatchlistType, readonly WatchlistCategory[]> = {
  finance: [
    { category: 'stocks', display_name: 'Stocks' },
    { category: 'etfs', display_name: 'ETFs' },
  ],
  // Seed 000: "Sports categories include nba, nfl, cricket, ncaam, ncaaw".
  sports: [
    { category: 'nba', display_name: 'NBA' },
    { category: 'nfl', display_name: 'NFL' },
    { category: 'cricket', display_name: 'Cricket' },
    { category: 'ncaam', display_name: "NCAA Men's Basketball" },
    { category: 'ncaaw', display_name: "NCAA Women's Basketball" },
  ],
  f1: [{ category: 'f1', display_name: 'Formula 1' }],
};

export const isWatchlistCategory = (type: WatchlistType, category: string) => WATCHLIST_CATEGORIES[type].some((c) => c.category === category);

/** The finance category of a provider's kind of instrument: exchange-traded products are ETFs, the rest stocks. */
export const financeCategoryOf = (instrumentType: string) => (/^(etp|etf)$/i.test(instrumentType.trim()) ? 'etfs' : 'stocks');
