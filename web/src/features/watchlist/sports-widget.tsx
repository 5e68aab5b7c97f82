// The home page's sports widget (seed 000 "Homepage watchlist widgets"): today's games of the
// person's followed teams (nba, nfl, cricket, ncaam, ncaaw) from the server's ESPN-style scores
// source, followed teams in bold, the winner marked; without a source it says so in the server's
// words. Loaded after the ask box, for the signed-in only (home-page.tsx).
import { useGetSportsScores } from '../../../../generated/react-query/watchlist/watchlist';
import type { SportsGameSide } from '../../../../generated/react-query/model';
import { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';

const STATE = { pre: 'Not started', in: 'Live', post: 'Final' } as const;

function Side({ side }: { side: SportsGameSide }) {
  return (
    <span className={`flex justify-between gap-2 ${side.followed ? 'font-semibold' : ''}`}>
      <span>
        {side.name}
        {side.followed && <span className="sr-only"> (followed)</span>}
        {side.winner && <span className="sr-only"> (won)</span>}
      </span>
      <span className="tabular-nums">{side.score ?? ''}</span>
    </span>
  );
}

export default function SportsWidget() {
  const query = useGetSportsScores({ query: { retry: false, staleTime: 60_000, refetchInterval: 60_000, select: (r) => (r.status === 200 ? r.data : null) } });
  const { open } = useModals();
  if (query.isLoading) return null;
  const reason = query.error instanceof ApiError ? (query.error.problem.detail ?? 'Scores are not available right now.') : null;
  const games = query.data?.games ?? [];

  return (
    <section aria-labelledby="sports-widget-title" className="mt-4 w-full max-w-md rounded-2xl border border-neutral-200 p-4 dark:border-neutral-800">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="sports-widget-title" className="text-sm font-semibold">
          Sports
        </h2>
        {!(query.error instanceof ApiError && query.error.status === 422) && (
          <button type="button" className="btn-ghost" onClick={() => open('watchlist', { type: 'sports' })}>
            Follow teams
          </button>
        )}
      </div>
      {reason ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{reason}</p>
      ) : games.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">No games of your teams on today’s scoreboards.</p>
      ) : (
        <ul aria-label="Games of your teams" className="divide-y divide-neutral-100 text-sm dark:divide-neutral-800">
          {games.map((g) => (
            <li key={`${g.league}-${g.game_id}`} className="py-1.5">
              <div className="mb-0.5 flex justify-between text-xs text-neutral-500 dark:text-neutral-400">
                <span>{g.league.toUpperCase()}</span>
                <span>
                  {STATE[g.state]}
                  {g.detail && g.detail !== STATE[g.state] ? ` · ${g.detail}` : ''}
                </span>
              </div>
              <Side side={g.away} />
              <Side side={g.home} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
