// /finance: the person's finance watchlist as a page, each ticker with its price, the day's change
// and a chart of those changes; the list is edited in the watchlist modal. A visitor is asked to
// sign in; a server without a market-data provider says so.
import { useModals } from '../../platform/modals/context';
import { useSession } from '../../platform/session';
import { ChangeChart } from './change-chart';
import { changeColour, formatChange, formatPrice, type TickerQuote, useWatchlistQuotes } from './use-quotes';
import { useWatchlist } from './use-watchlist';

export default function FinancePage() {
  const { user, isLoading: sessionLoading } = useSession();
  const { items, isLoading } = useWatchlist('finance', !!user);
  const { quoteOf, unavailable } = useWatchlistQuotes(items.map((i) => i.identifier).join(','), !!user && items.length > 0);
  const { open } = useModals();
  const priced = items.flatMap((i) => {
    const quote = quoteOf(i.identifier);
    return quote ? [{ identifier: i.identifier, quote: quote as TickerQuote }] : [];
  });

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <div className="mb-6 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Finance</h1>
        {user && (
          <button type="button" className="btn-secondary" onClick={() => open('watchlist', {})}>
            Edit watchlist
          </button>
        )}
      </div>
      {sessionLoading || (user && isLoading) ? (
        <p className="text-sm text-neutral-500">Loading…</p>
      ) : !user ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Sign in to keep a watchlist of tickers and follow their prices here.</p>
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'finance', title: 'Sign in to keep a watchlist' })}>
            Sign in
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">Your watchlist is empty. Use Edit watchlist to add tickers.</p>
      ) : (
        <>
          {unavailable && <p className="mb-4 rounded-xl bg-neutral-50 p-3 text-sm text-neutral-600 dark:bg-neutral-900 dark:text-neutral-400">{unavailable}</p>}
          <table className="w-full text-sm">
            <caption className="sr-only">Your tickers with their latest price and the day's change</caption>
            <thead>
              <tr className="border-b border-neutral-200 text-left text-neutral-500 dark:border-neutral-800">
                <th scope="col" className="py-2 font-medium">
                  Ticker
                </th>
                <th scope="col" className="py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Price
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const q = quoteOf(item.identifier);
                return (
                  <tr key={item.identifier} className="border-b border-neutral-100 dark:border-neutral-900">
                    <th scope="row" className="py-2 text-left font-medium">
                      {item.title}
                    </th>
                    <td className="py-2 text-neutral-600 dark:text-neutral-400">{item.description}</td>
                    <td className="py-2 text-right tabular-nums">{q ? formatPrice(q) : '—'}</td>
                    <td className={`py-2 text-right tabular-nums ${q ? changeColour(q) : ''}`}>{q ? formatChange(q) : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {priced.length > 0 && (
            <figure className="mt-8">
              <figcaption className="mb-2 text-sm font-medium text-neutral-700 dark:text-neutral-300">Day's change</figcaption>
              <ChangeChart rows={priced} />
            </figure>
          )}
        </>
      )}
    </main>
  );
}
