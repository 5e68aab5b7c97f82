// A fake of ESPN's site API for scores (GET /<sport>/<league>/teams and /<sport>/<league>/scoreboard,
// the shape of https://site.api.espn.com/apis/site/v2/sports), for tests and benches only. A test
// adds each league's teams and games, and may make a league fail (500) or answer garbage.
import { listenLoopback } from './listen.js';

export type FakeTeam = { id: string; abbreviation: string; displayName: string };
export type FakeGame = {
  id: string;
  date: string;
  state: 'pre' | 'in' | 'post';
  detail: string;
  home: { team: FakeTeam; score?: string; winner?: boolean };
  away: { team: FakeTeam; score?: string; winner?: boolean };
};

export async function startEspnScoresFake() {
  /** By league path (e.g. basketball/nba). */
  const teams = new Map<string, FakeTeam[]>();
  const games = new Map<string, FakeGame[]>();
  const failing = new Map<string, 'error' | 'garbage'>();
  const asked: string[] = [];
  const competitor = (homeAway: 'home' | 'away', side: FakeGame['home']) => ({
    homeAway,
    score: side.score ?? '0',
    winner: side.winner,
    team: { ...side.team, logo: `https://a.espncdn.example/${side.team.abbreviation}.png` },
  });
  const fake = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const m = /^\/([a-z-]+\/[a-z0-9-]+)\/(teams|scoreboard)$/.exec(url.pathname);
    if (req.method !== 'GET' || !m) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404}');
    const [, league, what] = m;
    asked.push(`${league}/${what}`);
    const failure = failing.get(league);
    if (failure === 'error') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (failure === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"events":"none"}');
    const body =
      what === 'teams'
        ? {
            sports: [
              {
                leagues: [
                  {
                    teams: (teams.get(league) ?? []).map((team) => ({
                      team: { ...team, logos: [{ href: `https://a.espncdn.example/${team.abbreviation}.png` }] },
                    })),
                  },
                ],
              },
            ],
          }
        : {
            events: (games.get(league) ?? []).map((g) => ({
              id: g.id,
              name: `${g.away.team.displayName} at ${g.home.team.displayName}`,
              date: g.date,
              status: { type: { state: g.state, completed: g.state === 'post', shortDetail: g.detail, detail: g.detail } },
              competitions: [{ competitors: [competitor('home', g.home), competitor('away', g.away)] }],
            })),
          };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return {
    ...fake,
    asked,
    addTeams(league: string, list: FakeTeam[]) {
      teams.set(league, [...(teams.get(league) ?? []), ...list]);
    },
    setGames(league: string, list: FakeGame[]) {
      games.set(league, list);
    },
    fail(league: string, failure: 'error' | 'garbage' | null) {
      if (failure) failing.set(league, failure);
      else failing.delete(league);
    },
  };
}
