// The ask box's suggestions as the signed-in person types (seed 000 §9): asked 100 ms after the
// last keystroke, each call given 1,500 ms and one retry (the watchlist's autosuggest timings); a
// failure shows nothing. Visitors and shortcut lists (text starting with /) ask nothing.
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useListAskSuggestions } from '../../../../generated/react-query/ask-suggestions/ask-suggestions';
import type { AskSuggestion, AskSuggestionCategory } from '../../../../generated/react-query/model';
import { SUGGESTIONS } from '../../../../services/suggestions/pure';
import { AUTOSUGGEST } from '../../../../services/watchlist/pure';
import { ApiError } from '../../platform/api-fetch';

const NONE: AskSuggestionCategory[] = [];

/** Each shown suggestion with its category and its index in keyboard order. */
export type ShownSuggestion = { key: string; category: AskSuggestionCategory['category']; item: AskSuggestion };

export function useAskSuggestions(text: string, enabled: boolean) {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), AUTOSUGGEST.debounceMs);
    return () => clearTimeout(t);
  }, [text]);
  const on = enabled && query.length >= SUGGESTIONS.minChars && query.length <= 200 && !query.startsWith('/');
  const result = useListAskSuggestions(
    { query },
    {
      request: { timeoutMs: AUTOSUGGEST.timeoutMs },
      query: {
        enabled: on,
        retry: (count, error) => count < AUTOSUGGEST.retries && !(error instanceof ApiError),
        placeholderData: keepPreviousData,
        staleTime: 30_000,
        select: (r) => (r.status === 200 ? r.data.categories : NONE),
      },
    },
  );
  const lists = on && !result.error ? (result.data ?? NONE) : NONE;
  const shown: ShownSuggestion[] = lists.flatMap((l) => l.items.map((item, i) => ({ key: `${l.category}-${i}`, category: l.category, item })));
  return { lists, shown };
}
