// The watchlist modal (seed 000 §2 "Watchlist: category filter, search and a list"): pick the
// widget's watchlist, filter by category, search to add, and the person's list to reorder (finance
// only) or remove from. Everything is a native control in reading order, so Tab walks it and the
// focus ring shows; Escape closes (the modal host). A server without a sports source says so (its
// scores call answers 422) instead of offering a search that cannot find anything (F1 and finance
// without a source: the server's words under the search).
import { useEffect, useId, useRef, useState } from 'react';
import { useGetSportsScores, useGetWatchlistCategories } from '../../../../generated/react-query/watchlist/watchlist';
import { ApiError } from '../../platform/api-fetch';
import type { WatchlistType } from '../../../../generated/react-query/model';
import { WATCHLIST_MAX, WATCHLIST_SPORTS_NOT_CONFIGURED } from '../../../../services/watchlist/pure';
import type { WatchlistModalArgs } from './watchlist-args';
import type { ModalProps } from '../../platform/modals/types';
import { ModalTitle } from '../../ui/modal-parts';
import { useAutosuggest } from './use-autosuggest';
import { useWatchlist, useWatchlistChanges } from './use-watchlist';

const TYPES: { type: WatchlistType; label: string }[] = [
  { type: 'finance', label: 'Finance' },
  { type: 'sports', label: 'Sports' },
  { type: 'f1', label: 'F1' },
];

const PLACEHOLDERS: Record<WatchlistType, string> = { finance: 'Ticker or company, e.g. AAPL', sports: 'Team, e.g. Lakers', f1: 'Driver, e.g. Norris' };

export default function WatchlistModal({ args }: ModalProps<WatchlistModalArgs>) {
  const [type, setType] = useState<WatchlistType>(args.type ?? 'finance');
  const [category, setCategory] = useState<string | null>(null);
  const [text, setText] = useState('');
  const ids = { type: useId(), category: useId(), search: useId(), list: useId() };
  const categories = useGetWatchlistCategories({ type }, { query: { staleTime: Infinity, select: (r) => (r.status === 200 ? r.data.results : []) } });
  const { items, isLoading } = useWatchlist(type);
  const changes = useWatchlistChanges(type);
  const sportsSource = useGetSportsScores({ query: { enabled: type === 'sports', retry: false, staleTime: 60_000 } });
  const sportsOff =
    type === 'sports' && sportsSource.error instanceof ApiError && sportsSource.error.status === 422
      ? (sportsSource.error.problem.detail ?? WATCHLIST_SPORTS_NOT_CONFIGURED)
      : null;
  const { suggestions, searching, reason } = useAutosuggest(type, sportsOff ? '' : text, category);
  const shown = category ? items.filter((i) => i.category === category) : items;
  const reorderable = type === 'finance' && !category;
  // After a move the focus stays on the moved item's controls: its same arrow when still
  // usable, else the other one (a button that turns disabled would drop the focus to the page).
  const listRef = useRef<HTMLOListElement>(null);
  const [refocus, setRefocus] = useState<{ identifier: string; dir: 'up' | 'down'; to: number } | null>(null);
  useEffect(() => {
    // Waits for the list the move applied (the optimistic change lands a moment after the click;
    // a refetch of the list before it, as an earlier add's, is not the move).
    if (!refocus || items.findIndex((i) => i.identifier === refocus.identifier) !== refocus.to) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-identifier="${CSS.escape(refocus.identifier)}"]`);
    const other = refocus.dir === 'up' ? 'down' : 'up';
    const target = [refocus.dir, other, 'remove'].map((d) => row?.querySelector<HTMLButtonElement>(`button[data-action="${d}"]`)).find((b) => b && !b.disabled);
    target?.focus();
    setRefocus(null);
  }, [refocus, items]);
  const move = (item: { identifier: string }, index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    changes.move(item, to);
    setRefocus({ identifier: item.identifier, dir, to });
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>Watchlist</ModalTitle>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="label" htmlFor={ids.type}>
            Widget
          </label>
          <select
            id={ids.type}
            className="field"
            value={type}
            onChange={(e) => {
              setType(e.target.value as WatchlistType);
              setCategory(null);
            }}
          >
            {TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor={ids.category}>
            Category
          </label>
          <select id={ids.category} className="field" value={category ?? ''} onChange={(e) => setCategory(e.target.value || null)}>
            <option value="">All</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.category} value={c.category}>
                {c.display_name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {!sportsOff ? (
        <div>
          <label className="label" htmlFor={ids.search}>
            Search
          </label>
          <input
            id={ids.search}
            className="field"
            type="search"
            autoComplete="off"
            placeholder={PLACEHOLDERS[type]}
            maxLength={64}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {reason && <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{reason}</p>}
          {text.trim() && !reason && (
            <ul aria-label="Suggestions" className="mt-2 divide-y divide-neutral-100 dark:divide-neutral-800">
              {suggestions.length === 0 && <li className="py-2 text-sm text-neutral-500">{searching ? 'Searching…' : 'No matches.'}</li>}
              {suggestions.map((s) => {
                const added = s.subscribed || items.some((i) => i.identifier === s.identifier);
                return (
                  <li key={s.identifier} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <span className="font-medium">{s.title}</span>{' '}
                      <span className="truncate text-sm text-neutral-500 dark:text-neutral-400">{s.description}</span>
                    </span>
                    <button
                      type="button"
                      className="btn-secondary shrink-0 px-3 py-1 aria-disabled:opacity-50"
                      // aria-disabled, not disabled: the focus stays on the button just used.
                      aria-disabled={added}
                      aria-label={added ? `${s.title} is on your watchlist` : `Add ${s.title}`}
                      onClick={() => !added && changes.add(s)}
                    >
                      {added ? 'Added' : 'Add'}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : (
        <p className="rounded-xl bg-neutral-50 p-3 text-sm text-neutral-600 dark:bg-neutral-900 dark:text-neutral-400">{sportsOff}</p>
      )}

      <section aria-labelledby={ids.list}>
        <h3 id={ids.list} className="mb-1 text-sm font-medium text-neutral-700 dark:text-neutral-300">
          Your list ({items.length} of {WATCHLIST_MAX})
        </h3>
        {isLoading ? (
          <p className="text-sm text-neutral-500">Loading…</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-neutral-500">Nothing here yet.</p>
        ) : (
          <ol ref={listRef} aria-label="Your watchlist" className="divide-y divide-neutral-100 dark:divide-neutral-800">
            {shown.map((item, index) => (
              <li key={item.identifier} data-identifier={item.identifier} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="font-medium">{item.title}</span>{' '}
                  <span className="truncate text-sm text-neutral-500 dark:text-neutral-400">{item.description}</span>
                </span>
                <span className="flex shrink-0 gap-1">
                  {reorderable && (
                    <>
                      <button
                        type="button"
                        className="btn-ghost"
                        data-action="up"
                        aria-label={`Move ${item.title} up`}
                        disabled={index === 0}
                        onClick={() => move(item, index, 'up')}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn-ghost"
                        data-action="down"
                        aria-label={`Move ${item.title} down`}
                        disabled={index === shown.length - 1}
                        onClick={() => move(item, index, 'down')}
                      >
                        ↓
                      </button>
                    </>
                  )}
                  <button type="button" className="btn-ghost" data-action="remove" aria-label={`Remove ${item.title}`} onClick={() => changes.remove(item)}>
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
