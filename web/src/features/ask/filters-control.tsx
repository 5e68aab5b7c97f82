// The ask box's search filters: a compact button (with how many are set) that opens a small
// panel: domains to keep to or leave out, how recent, academic sources. Keyboard: the button
// toggles it, Escape closes it and returns to the button, Enter in the domains field closes it
// rather than asking.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { SlidersHorizontal } from '../../ui/icons';
import { activeFilterCount, type FilterDraft, NO_FILTERS, RECENCY_CHOICES } from './search-filters';

const FIELD = 'w-full rounded-lg border border-neutral-200 bg-white px-2 py-1 text-sm dark:border-neutral-700 dark:bg-neutral-900';

export function FiltersControl({ draft, onChange }: { draft: FilterDraft; onChange: (d: FilterDraft) => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const count = activeFilterCount(draft);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-full bg-neutral-100 px-2.5 py-1 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200"
      >
        <SlidersHorizontal className="size-3.5" /> {count ? `Filters (${count})` : 'Filters'}
      </button>
      {open && (
        <fieldset
          id={`${id}-panel`}
          onKeyDown={onKeyDown}
          className="absolute top-full left-0 z-20 mt-2 w-72 space-y-3 rounded-2xl border border-neutral-200 bg-white p-3 text-left shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          <legend className="sr-only">Search filters</legend>
          <div className="space-y-1">
            <label htmlFor={`${id}-domains`} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
              Domains
            </label>
            <input
              id={`${id}-domains`}
              // biome-ignore lint/a11y/noAutofocus: the panel opens to be typed in; Escape returns to its button.
              autoFocus
              value={draft.domains}
              onChange={(e) => onChange({ ...draft, domains: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  close();
                }
              }}
              placeholder="wikipedia.org -reddit.com"
              aria-describedby={`${id}-domains-hint`}
              className={FIELD}
            />
            <p id={`${id}-domains-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
              Web results only from these domains; a - first leaves one out. Up to 20.
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-recency`} className="text-xs font-medium text-neutral-700 dark:text-neutral-300">
              Published
            </label>
            <select
              id={`${id}-recency`}
              value={draft.recency}
              onChange={(e) => onChange({ ...draft, recency: e.target.value as FilterDraft['recency'] })}
              className={FIELD}
            >
              <option value="">Any time</option>
              {RECENCY_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={draft.academic} onChange={(e) => onChange({ ...draft, academic: e.target.checked })} />
            Academic sources (scholarly search engines)
          </label>
          <div className="flex justify-between">
            <button
              type="button"
              onClick={() => onChange(NO_FILTERS)}
              disabled={!count}
              className="text-xs text-neutral-600 underline disabled:no-underline disabled:opacity-50 dark:text-neutral-300"
            >
              Clear filters
            </button>
            <button
              type="button"
              onClick={close}
              className="rounded-full bg-neutral-900 px-3 py-1 text-xs font-medium text-white dark:bg-white dark:text-neutral-900"
            >
              Done
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
