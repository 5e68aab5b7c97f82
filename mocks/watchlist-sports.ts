// The sports watchlist in the mock API: a few teams of each league in place of the ESPN-style
// scores API, and tonight's games; with `sports: 'off'` it answers as a server without
// SPORTS_SCORES_URL (422 sports_data_not_configured). Items are named `<league>:<team id>` as the server names them.
import { getGetSportsScoresMockHandler } from '../generated/msw/watchlist/watchlist.msw';
import type { SportsScoresGamesItem } from '../generated/react-query/model';
import { WATCHLIST_CATEGORIES, watchlistErrors, type WatchlistItem } from '../services/watchlist/pure';
import { refuse } from './problem';

/** 'off': no sports scores source, as a server without SPORTS_SCORES_URL. */
export type MockSports = 'mock' | 'off';

type League = 'nba' | 'nfl' | 'cricket' | 'ncaam' | 'ncaaw';
/** League, team id, name, abbreviation. */
export const MOCK_TEAMS = [
  ['nba', '13', 'Los Angeles Lakers', 'LAL'],
  ['nba', '2', 'Boston Celtics', 'BOS'],
  ['nba', '9', 'Golden State Warriors', 'GS'],
  ['nfl', '12', 'Kansas City Chiefs', 'KC'],
  ['nfl', '21', 'Philadelphia Eagles', 'PHI'],
  ['cricket', '335971', 'Mumbai Indians', 'MI'],
  ['cricket', '335974', 'Chennai Super Kings', 'CSK'],
  ['ncaam', '150', 'Duke Blue Devils', 'DUKE'],
  ['ncaam', '153', 'North Carolina Tar Heels', 'UNC'],
  ['ncaaw', '41', 'UConn Huskies', 'CONN'],
  ['ncaaw', '2579', 'South Carolina Gamecocks', 'SC'],
] as const;
/** League, game id, home team id, away team id, state, detail, home score, away score. */
const MOCK_GAMES = [
  ['nba', '401', '13', '2', 'post', 'Final', '112', '104'],
  ['nfl', '402', '12', '21', 'in', '3rd 7:41', '17', '20'],
  ['cricket', '403', '335971', '335974', 'pre', '7:30 PM IST', null, null],
  ['ncaam', '404', '150', '153', 'pre', '9:00 PM ET', null, null],
  ['ncaaw', '405', '41', '2579', 'post', 'Final', '71', '68'],
] as const;

const leagueName = (l: string) => WATCHLIST_CATEGORIES.sports.find((c) => c.category === l)?.display_name ?? l;
const itemOf = ([league, id, name, abbr]: (typeof MOCK_TEAMS)[number]): WatchlistItem => ({
  identifier: `${league}:${id}`,
  category: league,
  title: name,
  description: `${abbr} · ${leagueName(league)}`,
  image_url: null,
  image_url_dark: null,
});

export function mockSports(opts: { mode?: MockSports; followed: () => readonly WatchlistItem[]; signedIn: () => unknown }) {
  const teams = () => (opts.mode === 'off' ? refuse(watchlistErrors.sportsNotConfigured()) : MOCK_TEAMS);
  return {
    suggestions(query: string, limit: number, category: string | null, subscribed: ReadonlySet<string>) {
      const q = query.trim().toLowerCase();
      return teams()
        .filter(([league, , name, abbr]) => q && (!category || league === category) && (name.toLowerCase().includes(q) || abbr.toLowerCase() === q))
        .slice(0, limit)
        .map((t) => ({ ...itemOf(t), subscribed: subscribed.has(`${t[0]}:${t[1]}`), order: null }));
    },
    find(identifier: string, category: string): WatchlistItem {
      const found = teams().find(([league, id]) => `${league}:${id}` === identifier.trim() && league === category);
      return found ? itemOf(found) : refuse(watchlistErrors.unknownTeam(identifier));
    },
    handler: getGetSportsScoresMockHandler(() => {
      opts.signedIn();
      const all = teams();
      const followed = new Set(opts.followed().map((i) => i.identifier));
      const side = (league: League, id: string, score: string | null, winner: boolean) => {
        const t = all.find(([l, tid]) => l === league && tid === id)!;
        return { identifier: `${league}:${id}`, team_id: id, name: t[2], abbreviation: t[3], score, winner, followed: followed.has(`${league}:${id}`) };
      };
      const games: SportsScoresGamesItem[] = MOCK_GAMES.map(([league, gameId, home, away, state, detail, hs, as]) => {
        const over = state === 'post' && hs !== null && as !== null;
        const h = side(league, home, hs, over && Number(hs) > Number(as));
        const a = side(league, away, as, over && Number(as) > Number(hs));
        return { league, game_id: gameId, name: `${a.name} at ${h.name}`, date: new Date().toISOString(), state, detail, home: h, away: a };
      }).filter((g) => g.home.followed || g.away.followed);
      return { games };
    }),
  };
}
