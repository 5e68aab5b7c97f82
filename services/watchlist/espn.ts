// Sports scores from an ESPN-style site API (SPORTS_SCORES_URL, e.g. ESPN's public
// https://site.api.espn.com/apis/site/v2/sports): each league's teams (GET <base>/<sport>/<league>/teams)
// and its scoreboard (GET <base>/<sport>/<league>/scoreboard). The five watchlist categories map to
// ESPN's league paths; cricket's league is ESPN's numeric id (SPORTS_CRICKET_LEAGUE). Its payload
// is untrusted: a timeout, a size cap and a schema check before anything is used; every failure is
// one SportsDataError.
import { z } from 'zod';
import { readCappedBody } from '../shared/capped-body.js';

export const SPORTS_LEAGUES = ['nba', 'nfl', 'cricket', 'ncaam', 'ncaaw'] as const;
export type SportsLeague = (typeof SPORTS_LEAGUES)[number];

/** ESPN's path of each category's league (cricket's league id is configured). */
export const leaguePath = (league: SportsLeague, cricketLeague: string) =>
  ({
    nba: 'basketball/nba',
    nfl: 'football/nfl',
    cricket: `cricket/${cricketLeague}`,
    ncaam: 'basketball/mens-college-basketball',
    ncaaw: 'basketball/womens-college-basketball',
  })[league];

export const ESPN_LIMITS = { timeoutMs: 10_000, maxBytes: 4 * 1024 * 1024 } as const;

export type SportsTeam = { team_id: string; name: string; abbreviation: string; logo: string | null };
export type GameSide = { team_id: string; name: string; abbreviation: string; score: string | null; winner: boolean };
export type SportsGame = { game_id: string; name: string; date: string; state: 'pre' | 'in' | 'post'; detail: string; home: GameSide; away: GameSide };

export interface SportsData {
  teams(league: SportsLeague, signal?: AbortSignal): Promise<SportsTeam[]>;
  scoreboard(league: SportsLeague, signal?: AbortSignal): Promise<SportsGame[]>;
}

export class SportsDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SportsDataError';
  }
}

const text = (max: number) => z.string().max(max);
const httpsUrl = z
  .string()
  .max(1000)
  .refine((u) => /^https?:\/\//i.test(u));
const team = z.object({
  id: text(32),
  abbreviation: text(16).optional(),
  displayName: text(120),
  logos: z
    .array(z.object({ href: httpsUrl.optional().catch(undefined) }))
    .max(20)
    .optional(),
  logo: httpsUrl.optional().catch(undefined),
});
const teamsPayload = z.object({
  sports: z.array(z.object({ leagues: z.array(z.object({ teams: z.array(z.object({ team })).max(1000) })).max(10) })).max(10),
});
const competitor = z.object({
  homeAway: z.enum(['home', 'away']),
  score: z.union([text(16), z.number()]).optional(),
  winner: z.boolean().optional(),
  team,
});
const scoreboardPayload = z.object({
  events: z
    .array(
      z.object({
        id: text(32),
        name: text(200),
        date: text(40),
        status: z.object({ type: z.object({ state: z.enum(['pre', 'in', 'post']), shortDetail: text(120).optional(), detail: text(200).optional() }) }),
        competitions: z.array(z.object({ competitors: z.array(competitor).max(4) })).max(4),
      }),
    )
    .max(500),
});

export function espnSportsData(opts: { baseUrl: string; cricketLeague: string; timeoutMs?: number; maxBytes?: number }): SportsData {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? ESPN_LIMITS.timeoutMs;
  const maxBytes = opts.maxBytes ?? ESPN_LIMITS.maxBytes;

  async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${base}/${path}`, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch {
      throw new SportsDataError(
        timeout.aborted ? `the sports API did not answer ${path} within ${timeoutMs} ms` : `the sports API could not be reached for ${path}`,
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new SportsDataError(`the sports API answered ${res.status} for ${path}`);
    }
    let body: Buffer | 'too_large';
    try {
      body = await readCappedBody(res, maxBytes);
    } catch {
      throw new SportsDataError(`the sports API's answer for ${path} was cut off`);
    }
    if (body === 'too_large') throw new SportsDataError(`the sports API's answer for ${path} is over ${maxBytes} bytes`);
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new SportsDataError(`the sports API's answer for ${path} is not JSON`);
    }
  }
  const teamOf = (t: z.infer<typeof team>): SportsTeam => ({
    team_id: t.id,
    name: t.displayName,
    abbreviation: t.abbreviation ?? '',
    logo: t.logos?.find((l) => l.href)?.href ?? t.logo ?? null,
  });
  const sideOf = (c: z.infer<typeof competitor>): GameSide => ({
    team_id: c.team.id,
    name: c.team.displayName,
    abbreviation: c.team.abbreviation ?? '',
    score: c.score === undefined || c.score === '' ? null : String(c.score),
    winner: c.winner ?? false,
  });

  return {
    async teams(league, signal) {
      const parsed = teamsPayload.safeParse(await getJson(`${leaguePath(league, opts.cricketLeague)}/teams`, signal));
      if (!parsed.success) throw new SportsDataError("the sports API's teams are not in ESPN's shape");
      return parsed.data.sports.flatMap((s) => s.leagues.flatMap((l) => l.teams.map((t) => teamOf(t.team))));
    },
    async scoreboard(league, signal) {
      const parsed = scoreboardPayload.safeParse(await getJson(`${leaguePath(league, opts.cricketLeague)}/scoreboard`, signal));
      if (!parsed.success) throw new SportsDataError("the sports API's scoreboard is not in ESPN's shape");
      const games: SportsGame[] = [];
      for (const e of parsed.data.events) {
        const sides = e.competitions[0]?.competitors ?? [];
        const home = sides.find((c) => c.homeAway === 'home');
        const away = sides.find((c) => c.homeAway === 'away');
        if (!home || !away) continue;
        const status = e.status.type;
        games.push({
          game_id: e.id,
          name: e.name,
          date: e.date,
          state: status.state,
          detail: status.shortDetail ?? status.detail ?? '',
          home: sideOf(home),
          away: sideOf(away),
        });
      }
      return games;
    },
  };
}
