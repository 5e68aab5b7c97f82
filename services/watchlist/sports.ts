// The sports watchlist and widget over the ESPN-style scores API: each league's teams to suggest
// and add (an item's identifier is `<league>:<team id>`: ESPN's ids repeat across leagues), and the
// scoreboards' games of the person's followed teams. Teams are kept six hours and scoreboards a
// minute per app instance, so widgets refreshing stay light on the source.
import { LRUCache } from 'lru-cache';
import { cachedCall } from './cached-call.js';
import { type SportsData, SportsDataError, type SportsGame, type SportsLeague, type SportsTeam } from './espn.js';
import { watchlistErrors } from './errors.js';
import type { WatchlistItem } from './events.js';
import { WATCHLIST_CATEGORIES } from './catalogue.js';

export const SPORTS_CACHE = { teamsTtlMs: 6 * 60 * 60_000, scoreboardTtlMs: 60_000 } as const;

export function cachedSports(sports: SportsData): SportsData {
  const teams = new LRUCache<string, SportsTeam[]>({ max: 10, ttl: SPORTS_CACHE.teamsTtlMs });
  const boards = new LRUCache<string, SportsGame[]>({ max: 10, ttl: SPORTS_CACHE.scoreboardTtlMs });
  return {
    teams: (league, signal) => cachedCall(teams, league, () => sports.teams(league, signal)),
    scoreboard: (league, signal) => cachedCall(boards, league, () => sports.scoreboard(league, signal)),
  };
}

function source(sports: SportsData | null): SportsData {
  if (!sports) throw watchlistErrors.sportsNotConfigured();
  return sports;
}

async function asked<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof SportsDataError) throw watchlistErrors.sportsUnavailable();
    throw err;
  }
}

export const sportsIdentifier = (league: SportsLeague, teamId: string) => `${league}:${teamId}`;
const leagueName = (league: SportsLeague) => WATCHLIST_CATEGORIES.sports.find((c) => c.category === league)?.display_name ?? league;

const itemOf = (league: SportsLeague, t: SportsTeam): WatchlistItem => ({
  identifier: sportsIdentifier(league, t.team_id),
  category: league,
  title: t.name,
  description: [t.abbreviation, leagueName(league)].filter(Boolean).join(' · '),
  image_url: t.logo,
  image_url_dark: null,
});

const LEAGUES = WATCHLIST_CATEGORIES.sports.map((c) => c.category as SportsLeague);

export async function sportsSuggestions(
  sports: SportsData | null,
  query: string,
  limit: number,
  category: string | undefined,
  subscribed: ReadonlySet<string>,
) {
  const q = query.trim().toLowerCase();
  const leagues = category ? [category as SportsLeague] : LEAGUES;
  const all = await asked(() => Promise.all(leagues.map(async (l) => (await source(sports).teams(l)).map((t) => itemOf(l, t)))));
  return all
    .flat()
    .filter((i) => q && (i.title.toLowerCase().includes(q) || i.description.toLowerCase().startsWith(`${q} ·`)))
    .slice(0, limit)
    .map((i) => ({ ...i, subscribed: subscribed.has(i.identifier), order: null }));
}

export async function findTeam(sports: SportsData | null, identifier: string, category: string): Promise<WatchlistItem> {
  const [league, teamId] = identifier.trim().split(':', 2);
  if (league !== category || !teamId) throw watchlistErrors.unknownTeam(identifier);
  const teams = await asked(() => source(sports).teams(league as SportsLeague));
  const found = teams.find((t) => t.team_id === teamId);
  if (!found) throw watchlistErrors.unknownTeam(identifier);
  return itemOf(league as SportsLeague, found);
}

/** The games on the scoreboards of the leagues the person follows that one of their teams plays in. */
export async function scoresFor(sports: SportsData | null, followed: readonly WatchlistItem[]) {
  const src = source(sports);
  const ids = new Set(followed.map((i) => i.identifier));
  const leagues = [...new Set(followed.map((i) => i.category as SportsLeague))];
  const boards = await asked(() => Promise.all(leagues.map(async (league) => ({ league, games: await src.scoreboard(league) }))));
  const side = (league: SportsLeague, s: SportsGame['home']) => ({
    ...s,
    identifier: sportsIdentifier(league, s.team_id),
    followed: ids.has(sportsIdentifier(league, s.team_id)),
  });
  const games = boards.flatMap(({ league, games }) =>
    games
      .map((g) => ({
        league,
        game_id: g.game_id,
        name: g.name,
        date: g.date,
        state: g.state,
        detail: g.detail,
        home: side(league, g.home),
        away: side(league, g.away),
      }))
      .filter((g) => g.home.followed || g.away.followed),
  );
  return { games: games.sort((a, b) => a.date.localeCompare(b.date)) };
}
