// The ask box's suggestion list (seed 000 §9): the categories in the seed's order, headings where
// the seed names them ('Latest News', 'Related Questions', 'Shortcuts'), tickers with their price
// and day's change. A listbox the ask box drives: arrows move, Enter picks, Escape closes; a
// pointer picks without taking the focus from the text.
import type { AskSuggestionCategory } from '../../../../generated/react-query/model';
import type { ShownSuggestion } from './use-ask-suggestions';

export const SUGGESTION_LIST_ID = 'ask-suggestions';
export const suggestionOptionId = (i: number) => `ask-suggestion-${i}`;

function priceLine(q: NonNullable<ShownSuggestion['item']['quote']>) {
  const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: q.currency, maximumFractionDigits: 2 });
  const sign = q.change > 0 ? '+' : '';
  return { price: money.format(q.price), change: `${sign}${q.change.toFixed(2)} (${sign}${q.change_percent.toFixed(2)}%)` };
}

export function AskSuggestionList({
  lists,
  shown,
  active,
  pick,
}: {
  lists: AskSuggestionCategory[];
  shown: ShownSuggestion[];
  active: number;
  pick: (s: ShownSuggestion) => void;
}) {
  let index = 0;
  return (
    <div
      id={SUGGESTION_LIST_ID}
      role="listbox"
      aria-label="Suggestions"
      className="mt-1 max-h-80 overflow-auto rounded-xl border border-neutral-200 bg-white text-sm dark:border-neutral-800 dark:bg-neutral-900"
    >
      {lists.map((list) => (
        // biome-ignore lint/a11y/useSemanticElements: an option group inside a listbox (ARIA); a <fieldset> is a form's group
        <div key={list.category} role="group" aria-label={list.title ?? (list.category === 'ticker' ? 'Tickers' : 'Your questions')}>
          {list.title && <div className="px-3 pt-2 pb-1 text-xs font-semibold text-neutral-500 dark:text-neutral-400">{list.title}</div>}
          {list.items.map(() => {
            const i = index++;
            const s = shown[i];
            const q = s.item.quote ? priceLine(s.item.quote) : null;
            return (
              <div
                key={s.key}
                id={suggestionOptionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                data-category={s.category}
                className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 ${i === active ? 'bg-neutral-100 dark:bg-neutral-800' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(s);
                }}
              >
                <span className="min-w-0 truncate">
                  <span className={s.category === 'ticker' ? 'font-semibold' : ''}>{s.item.title}</span>
                  {s.item.subtitle && <span className="ml-2 text-neutral-500 dark:text-neutral-400">{s.item.subtitle}</span>}
                  {s.item.url && <span className="sr-only"> (opens in a new tab)</span>}
                </span>
                {q && (
                  <span className="shrink-0 tabular-nums">
                    {q.price}{' '}
                    <span className={s.item.quote!.change < 0 ? 'text-red-600 dark:text-red-400' : 'text-green-700 dark:text-green-400'}>{q.change}</span>
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
