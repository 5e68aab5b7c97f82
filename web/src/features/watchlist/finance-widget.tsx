// The home page's finance widget (seed 000 "Homepage watchlist widgets"): the person's tickers with
// price and day's change from the market-data provider, a way to edit the list and to open /finance.
// Loaded after the ask box (home-page.tsx), and only for the signed-in: a visitor has no watchlist.
import { Link } from 'react-router';
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { changeColour, formatChange, formatPrice, useWatchlistQuotes } from './use-quotes';
import { useWatchlist } from './use-watchlist';

const SHOWN = 5;

export default function FinanceWidget() {
  const { user } = useSession();
  const { items, isLoading } = useWatchlist('finance', !!user);
  const { quoteOf, unavailable } = useWatchlistQuotes(items.map((i) => i.identifier).join(','), !!user && items.length > 0);
  const { open } = useModals();
  if (!user || isLoading) return null;

  return (
    <section aria-labelledby="finance-widget-title" className="mt-8 w-full max-w-md rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="finance-widget-title" className="text-sm font-semibold">
          Watchlist
        </h2>
        <div className="flex gap-1">
          <button type="button" className="btn-ghost" onClick={() => open('watchlist', {})}>
            Edit watchlist
          </button>
          <Link className="btn-ghost" to="/finance">
            Finance
          </Link>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Add tickers to follow their prices here.</p>
      ) : (
        <ul className="divide-y divide-neutral-100 dark:divide-neutral-800">
          {items.slice(0, SHOWN).map((item) => {
            const q = quoteOf(item.identifier);
            return (
              <li key={item.identifier} className="flex items-center justify-between py-1.5 text-sm">
                <span className="font-medium">{item.title}</span>
                {q ? (
                  <span className="tabular-nums">
                    {formatPrice(q)} <span className={changeColour(q)}>{formatChange(q)}</span>
                  </span>
                ) : (
                  <span className="text-neutral-400">—</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {unavailable && items.length > 0 && <p className="mt-2 text-xs text-neutral-500 dark:text-neutral-400">{unavailable}</p>}
    </section>
  );
}
