// Watchlist suggestions as the person types (seed 000 §7 and §9): debounced 100 ms, at most 5, each
// call given 1,500 ms and one retry; a failure shows no suggestions, and the server's reason when
// it has one (no provider configured).
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useListWatchlistAutosuggest } from '../../../../generated/react-query/watchlist/watchlist';
import type { WatchlistSubscription, WatchlistType } from '../../../../generated/react-query/model';
import { AUTOSUGGEST } from '../../../../services/watchlist/pure';
import { ApiError } from '../../platform/api-fetch';

const NONE: WatchlistSubscription[] = [];

export function useAutosuggest(type: WatchlistType, text: string, category: string | null) {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), AUTOSUGGEST.debounceMs);
    return () => clearTimeout(t);
  }, [text]);
  const result = useListWatchlistAutosuggest(
    { type, query, limit: AUTOSUGGEST.limit, entropy_render_place: 'watchlist_modal', ...(category ? { category } : {}) },
    {
      request: { timeoutMs: AUTOSUGGEST.timeoutMs },
      query: {
        enabled: query.length > 0,
        // A refusal (4xx, 503) is the server's answer: retried only when the call itself failed.
        retry: (count, error) => count < AUTOSUGGEST.retries && !(error instanceof ApiError),
        placeholderData: keepPreviousData,
        select: (r) => (r.status === 200 ? r.data.results : NONE),
      },
    },
  );
  const reason = result.error instanceof ApiError && result.error.status !== 400 ? (result.error.problem.detail ?? null) : null;
  return { suggestions: query && !result.error ? (result.data ?? NONE) : NONE, searching: result.isFetching, reason };
}
