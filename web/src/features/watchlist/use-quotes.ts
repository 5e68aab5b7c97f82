// The latest quote of each ticker on the person's finance watchlist (GET .../watchlist/quotes),
// refreshed each minute while shown. Without a market-data provider the server says so (503
// market_data_not_configured) and `unavailable` carries its words.
import { useGetWatchlistQuotes } from '../../../../generated/react-query/watchlist/watchlist';
import type { WatchlistQuoteListResultsItemQuote } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';

export type TickerQuote = NonNullable<WatchlistQuoteListResultsItemQuote>;
const NONE: { identifier: string; quote: TickerQuote | null }[] = [];

/** `key` changes whenever the list does, so a ticker just added is priced without waiting a minute. */
export function useWatchlistQuotes(key: string, enabled = true) {
  const query = useGetWatchlistQuotes({
    query: {
      queryKey: ['/rest/homepage-widgets/watchlist/quotes', key],
      enabled,
      retry: false,
      refetchInterval: 60_000,
      select: (r) => (r.status === 200 ? r.data.results : NONE),
    },
  });
  const byId = new Map((query.data ?? NONE).map((r) => [r.identifier, r.quote]));
  const unavailable = query.error instanceof ApiError ? (query.error.problem.detail ?? 'Prices are not available right now.') : null;
  return { quoteOf: (identifier: string) => byId.get(identifier) ?? null, unavailable, isLoading: query.isLoading };
}

export const formatPrice = (q: TickerQuote) => new Intl.NumberFormat(undefined, { style: 'currency', currency: q.currency }).format(q.price);
export const formatChange = (q: TickerQuote) =>
  `${q.change >= 0 ? '+' : ''}${q.change.toFixed(2)} (${q.change_percent >= 0 ? '+' : ''}${q.change_percent.toFixed(2)}%)`;
export const changeColour = (q: TickerQuote) =>
  q.change > 0 ? 'text-emerald-700 dark:text-emerald-400' : q.change < 0 ? 'text-red-700 dark:text-red-400' : 'text-neutral-600';
