// The home page's F1 widget (seed 000 "Homepage watchlist widgets"): the last race's podium and the
// person's followed drivers, from the server's Ergast-compatible F1 source; without one it says so
// in the server's words. Loaded after the ask box, for the signed-in only (home-page.tsx).
import { useGetF1Results } from '../../../../generated/react-query/watchlist/watchlist';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';

const PODIUM = 3;

export default function F1Widget() {
  const query = useGetF1Results({ query: { retry: false, staleTime: 5 * 60_000, select: (r) => (r.status === 200 ? r.data : null) } });
  const { open } = useModals();
  if (query.isLoading) return null;
  const reason = query.error instanceof ApiError ? (query.error.problem.detail ?? 'F1 results are not available right now.') : null;
  const data = query.data;
  const shown = data ? data.results.filter((r) => r.position <= PODIUM || r.followed) : [];

  return (
    <section aria-labelledby="f1-widget-title" className="mt-4 w-full max-w-md rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="f1-widget-title" className="text-sm font-semibold">
          F1{data?.race ? `: ${data.race.race_name}` : ''}
        </h2>
        {!reason && (
          <button type="button" className="btn-ghost" onClick={() => open('watchlist', { type: 'f1' })}>
            Follow drivers
          </button>
        )}
      </div>
      {reason ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{reason}</p>
      ) : !data?.race ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">No race this season yet.</p>
      ) : (
        <ol aria-label="Last race results" className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800">
          {shown.map((r) => (
            <li key={r.driver_id} className="flex items-center justify-between py-1.5">
              <span>
                <span className="inline-block w-6 tabular-nums text-neutral-500">{r.position}</span>
                <span className={r.followed ? 'font-semibold' : ''}>{r.driver}</span>
                {r.followed && <span className="sr-only"> (followed)</span>}
              </span>
              <span className="text-neutral-500 dark:text-neutral-400">
                {r.constructor} · {r.points} pts
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
