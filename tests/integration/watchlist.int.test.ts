// The watchlists on the real server and PostgreSQL (issue 36, seed 000 "Watchlist"), finance priced
// by the Finnhub fake: the six calls and the quotes call with their authorization rows (owner,
// stranger, anonymous), the 50-item limit, unknown categories, an item not added twice, reorder
// (finance only), remove, suggestions marked subscribed, F1 drivers and the last race from the
// Ergast fake, sports teams and scores from the ESPN-style fake (unconfigured sports: the contract
// script and ask-suggestions.int.test.ts's bare server).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startErgastFake } from '../fakes/ergast.js';
import { startEspnScoresFake } from '../fakes/espn-scores.js';
import { startMarketDataFake } from '../fakes/market-data.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const W = '/rest/homepage-widgets/watchlist';
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let fake: Awaited<ReturnType<typeof startMarketDataFake>>;
let ergast: Awaited<ReturnType<typeof startErgastFake>>;
let espn: Awaited<ReturnType<typeof startEspnScoresFake>>;
const LAKERS = { id: '13', abbreviation: 'LAL', displayName: 'Los Angeles Lakers' };
const CELTICS = { id: '2', abbreviation: 'BOS', displayName: 'Boston Celtics' };
const KNICKS = { id: '18', abbreviation: 'NY', displayName: 'New York Knicks' };
const HEAT = { id: '14', abbreviation: 'MIA', displayName: 'Miami Heat' };
let owner: Browser;
let stranger: Browser;
let anonymous: Browser;

beforeAll(async () => {
  fake = await startMarketDataFake();
  fake.addInstrument('AAPL', 'APPLE INC');
  fake.addInstrument('APLE', 'APPLE HOSPITALITY REIT INC');
  fake.addInstrument('BINANCE:APPUSDT', 'APP/USDT on Binance', 'Crypto');
  fake.addInstrument('MSFT', 'MICROSOFT CORP');
  fake.addInstrument('SPY', 'SPDR S&P 500 ETF TRUST', 'ETP');
  for (let n = 0; n < 51; n++) fake.addInstrument(`Z${n}`, `ZED NUMBER ${n}`);
  fake.setQuote('AAPL', 190, 200);
  fake.setQuote('MSFT', 420, 400);
  ergast = await startErgastFake();
  ergast.addDriver({ driverId: 'max_verstappen', givenName: 'Max', familyName: 'Verstappen', code: 'VER', nationality: 'Dutch' });
  ergast.addDriver({ driverId: 'norris', givenName: 'Lando', familyName: 'Norris', code: 'NOR', nationality: 'British' });
  ergast.setLastRace({
    raceName: 'Miami Grand Prix',
    circuit: 'Miami International Autodrome',
    date: '2026-05-03',
    results: [
      { driverId: 'norris', constructor: 'McLaren', points: '25' },
      { driverId: 'max_verstappen', constructor: 'Red Bull', points: '18' },
    ],
  });
  espn = await startEspnScoresFake();
  espn.addTeams('basketball/nba', [LAKERS, CELTICS, KNICKS, HEAT]);
  espn.addTeams('football/nfl', [{ id: '13', abbreviation: 'LV', displayName: 'Las Vegas Raiders' }]);
  espn.setGames('basketball/nba', [
    {
      id: '401',
      date: '2026-12-03T00:30Z',
      state: 'post',
      detail: 'Final',
      home: { team: LAKERS, score: '112', winner: true },
      away: { team: CELTICS, score: '104' },
    },
    { id: '402', date: '2026-12-03T01:00Z', state: 'in', detail: 'Q3 4:12', home: { team: HEAT, score: '70' }, away: { team: KNICKS, score: '66' } },
  ]);
  database = await createTestDatabase('watchlist');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      MARKET_DATA_PROVIDER: 'finnhub',
      MARKET_DATA_URL: fake.url,
      MARKET_DATA_API_KEY: fake.apiKey,
      F1_RESULTS_URL: ergast.url,
      SPORTS_SCORES_URL: espn.url,
    },
  });
  [owner, stranger, anonymous] = [await signedUp(server.url, 'Olive'), await signedUp(server.url, 'Sam'), await visitor(server.url)];
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await fake?.close();
  await ergast?.close();
  await espn?.close();
});

const put = (b: Browser, type: string, identifier: string, category: string) =>
  b.send('PUT', `${W}/subscription?type=${type}&identifier=${encodeURIComponent(identifier)}&category=${category}`);
const del = (b: Browser, type: string, identifier: string, category: string) =>
  b.send('DELETE', `${W}/subscription?type=${type}&identifier=${encodeURIComponent(identifier)}&category=${category}`);
const move = (b: Browser, type: string, identifier: string, order: number) =>
  b.send('PATCH', `${W}/subscription?type=${type}&identifier=${identifier}`, { json: { order } });
const ids = (res: { json: { results: { identifier: string }[] } }) => res.json.results.map((r) => r.identifier);

describe('authorization rows: every call for the owner, a stranger and anonymous', () => {
  const calls: [string, (b: Browser) => ReturnType<Browser['send']>][] = [
    ['GET list-autosuggest', (b) => b.get(`${W}/list-autosuggest?type=finance&query=msft&limit=5&entropy_render_place=modal`)],
    ['GET subscription', (b) => b.get(`${W}/subscription?type=finance`)],
    ['PUT subscription', (b) => put(b, 'finance', 'MSFT', 'stocks')],
    ['PATCH subscription', (b) => move(b, 'finance', 'MSFT', 0)],
    ['GET quotes', (b) => b.get(`${W}/quotes`)],
    ['GET f1 results', (b) => b.get('/rest/homepage-widgets/f1/results')],
    ['GET sports scores', (b) => b.get('/rest/homepage-widgets/sports/scores')],
    ['DELETE subscription', (b) => del(b, 'finance', 'MSFT', 'stocks')],
  ];
  test.each(calls)('%s: 200 for the owner and for a stranger (each their own list), 401 for anonymous', async (_name, call) => {
    expect((await call(owner)).status).toBe(200);
    expect((await call(stranger)).status).toBe(200);
    const refused = await call(anonymous);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: 'login_required' });
  });

  test('GET categories is the same for everyone, anonymous included', async () => {
    for (const b of [owner, stranger, anonymous]) {
      const res = await b.get(`${W}/categories?type=sports`);
      expect(res.status).toBe(200);
      expect(res.json.results.map((c: { category: string }) => c.category)).toEqual(['nba', 'nfl', 'cricket', 'ncaam', 'ncaaw']);
    }
    expect((await anonymous.get(`${W}/categories?type=finance`)).json.results).toEqual([
      { category: 'stocks', display_name: 'Stocks' },
      { category: 'etfs', display_name: 'ETFs' },
    ]);
    expect((await anonymous.get(`${W}/categories?type=golf`)).status).toBe(400);
  });

  test("a stranger's changes never touch the owner's list", async () => {
    const mine = await signedUp(server.url, 'Ada');
    const other = await signedUp(server.url, 'Bob');
    await put(mine, 'finance', 'AAPL', 'stocks');
    expect(ids(await del(other, 'finance', 'AAPL', 'stocks'))).toEqual([]);
    expect((await move(other, 'finance', 'AAPL', 0)).status).toBe(404);
    expect(ids(await mine.get(`${W}/subscription?type=finance`))).toEqual(['AAPL']);
  });
});

describe('the finance watchlist', () => {
  test('add keeps the order of adding, an item already there is not added twice, and its title comes from the provider', async () => {
    const ada = await signedUp(server.url, 'Adder');
    await put(ada, 'finance', 'AAPL', 'stocks');
    await put(ada, 'finance', 'msft', 'stocks');
    const again = await put(ada, 'finance', 'AAPL', 'stocks');
    expect(again.status).toBe(200);
    expect(again.json.results).toEqual([
      { identifier: 'AAPL', category: 'stocks', title: 'AAPL', description: 'APPLE INC', image_url: null, image_url_dark: null, subscribed: true, order: 0 },
      {
        identifier: 'MSFT',
        category: 'stocks',
        title: 'MSFT',
        description: 'MICROSOFT CORP',
        image_url: null,
        image_url_dark: null,
        subscribed: true,
        order: 1,
      },
    ]);
  });

  test('bad input: an unknown category 400, a ticker the provider does not know 404, a malformed one 400, an unknown team 404', async () => {
    const bea = await signedUp(server.url, 'Bea');
    const unknownCategory = await put(bea, 'finance', 'AAPL', 'bonds');
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.json).toMatchObject({ code: 'unknown_watchlist_category' });
    expect((await del(bea, 'finance', 'AAPL', 'bonds')).json).toMatchObject({ code: 'unknown_watchlist_category' });
    expect((await bea.get(`${W}/list-autosuggest?type=finance&query=a&category=bonds`)).json).toMatchObject({ code: 'unknown_watchlist_category' });
    const unknownTicker = await put(bea, 'finance', 'NOPE', 'stocks');
    expect([unknownTicker.status, unknownTicker.json.code]).toEqual([404, 'unknown_instrument']);
    expect((await put(bea, 'finance', 'A'.repeat(13), 'stocks')).json).toMatchObject({ code: 'invalid_watchlist_identifier' });
    const team = await put(bea, 'sports', 'lakers', 'nba');
    expect([team.status, team.json.code]).toEqual([404, 'unknown_team']);
    expect((await put(bea, 'sports', 'nfl:13', 'nba')).json.code).toBe('unknown_team');
    expect(ids(await bea.get(`${W}/subscription?type=finance`))).toEqual([]);
  });

  test("at most 50 items: the 51st is refused with the seed's text and the list stays at 50", async () => {
    const cy = await signedUp(server.url, 'Cy');
    for (let n = 0; n < 50; n++) expect((await put(cy, 'finance', `Z${n}`, 'stocks')).status).toBe(200);
    const full = await put(cy, 'finance', 'Z50', 'stocks');
    expect(full.status).toBe(409);
    expect(full.json).toMatchObject({ code: 'watchlist_full', detail: 'Watchlist full (max 50 items).' });
    // One already there is still answered as a no-op, not as full.
    expect((await put(cy, 'finance', 'Z7', 'stocks')).status).toBe(200);
    expect((await cy.get(`${W}/subscription?type=finance`)).json.results).toHaveLength(50);
  });

  test('reorder moves one item (past the end: last); only finance; remove closes the gap', async () => {
    const di = await signedUp(server.url, 'Di');
    for (const s of ['AAPL', 'MSFT', 'SPY']) await put(di, 'finance', s, s === 'SPY' ? 'etfs' : 'stocks');
    expect(ids(await move(di, 'finance', 'SPY', 0))).toEqual(['SPY', 'AAPL', 'MSFT']);
    expect(ids(await move(di, 'finance', 'spy', 49))).toEqual(['AAPL', 'MSFT', 'SPY']);
    const sports = await move(di, 'sports', 'AAPL', 0);
    expect([sports.status, sports.json.code]).toEqual([400, 'watchlist_reorder_finance_only']);
    expect((await move(di, 'finance', 'NOPE', 0)).json).toMatchObject({ code: 'watchlist_item_not_found' });
    expect((await move(di, 'finance', 'AAPL', -1)).status).toBe(400);
    const removed = await del(di, 'finance', 'AAPL', 'stocks');
    expect(removed.json.results.map((r: { identifier: string; order: number }) => [r.identifier, r.order])).toEqual([
      ['MSFT', 0],
      ['SPY', 1],
    ]);
    expect(ids(await del(di, 'finance', 'AAPL', 'stocks'))).toEqual(['MSFT', 'SPY']);
  });

  test('suggestions: plain tickers only, the category filter, at most limit, subscribed ones marked', async () => {
    const ed = await signedUp(server.url, 'Ed');
    await put(ed, 'finance', 'AAPL', 'stocks');
    const found = await ed.get(`${W}/list-autosuggest?type=finance&query=app&limit=5&entropy_render_place=modal`);
    expect(found.status).toBe(200);
    expect(found.json.results.map((r: { identifier: string; subscribed: boolean }) => [r.identifier, r.subscribed])).toEqual([
      ['AAPL', true],
      ['APLE', false],
    ]);
    expect(ids(await ed.get(`${W}/list-autosuggest?type=finance&query=z&limit=5`))).toHaveLength(5);
    expect(ids(await ed.get(`${W}/list-autosuggest?type=finance&query=s&category=etfs`))).toEqual(['SPY']);
    expect((await ed.get(`${W}/list-autosuggest?type=finance&query=z&limit=5`)).text).not.toContain(fake.apiKey);
  });

  test('quotes: price and change of each ticker in the list order; one the provider cannot price is null', async () => {
    const fi = await signedUp(server.url, 'Fi');
    await put(fi, 'finance', 'MSFT', 'stocks');
    await put(fi, 'finance', 'AAPL', 'stocks');
    await put(fi, 'finance', 'APLE', 'stocks');
    const res = await fi.get(`${W}/quotes`);
    expect(res.status).toBe(200);
    expect(
      res.json.results.map((r: { identifier: string; quote: { price: number; change: number; change_percent: number } | null }) => [
        r.identifier,
        r.quote && [r.quote.price, r.quote.change, r.quote.change_percent],
      ]),
    ).toEqual([
      ['MSFT', [420, 20, 5]],
      ['AAPL', [190, -10, -5]],
      ['APLE', null],
    ]);
    expect(server.logs()).not.toContain(fake.apiKey);
  });
});

describe('the F1 watchlist and results', () => {
  test('drivers are suggested and followed from the F1 source; the last race marks the followed ones; an unknown driver is 404', async () => {
    const gi = await signedUp(server.url, 'Gi');
    const found = await gi.get(`${W}/list-autosuggest?type=f1&query=lando&limit=5`);
    expect(found.json.results).toEqual([
      {
        identifier: 'norris',
        category: 'f1',
        title: 'Lando Norris',
        description: 'NOR · British',
        image_url: null,
        image_url_dark: null,
        subscribed: false,
        order: null,
      },
    ]);
    expect(ids(await put(gi, 'f1', 'norris', 'f1'))).toEqual(['norris']);
    expect(ids(await put(gi, 'f1', 'norris', 'f1'))).toEqual(['norris']);
    const unknown = await put(gi, 'f1', 'nobody', 'f1');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'unknown_driver']);
    expect((await put(gi, 'f1', 'norris', 'nba')).json.code).toBe('unknown_watchlist_category');
    const results = await gi.get('/rest/homepage-widgets/f1/results');
    expect(results.status).toBe(200);
    expect(results.json.race).toEqual({
      season: '2026',
      round: '5',
      race_name: 'Miami Grand Prix',
      circuit: 'Miami International Autodrome',
      date: '2026-05-03',
    });
    expect(
      results.json.results.map((r: { position: number; driver: string; points: number; followed: boolean }) => [r.position, r.driver, r.points, r.followed]),
    ).toEqual([
      [1, 'Lando Norris', 25, true],
      [2, 'Max Verstappen', 18, false],
    ]);
  });
});

describe('the sports watchlist and scores', () => {
  // First: the source's answers are kept (teams six hours), so the failure is met before any is kept.
  test('a source that fails or answers out of shape is 503 sports_data_unavailable', async () => {
    const io = await signedUp(server.url, 'Io');
    espn.fail('basketball/womens-college-basketball', 'garbage');
    try {
      const r = await io.get(`${W}/list-autosuggest?type=sports&query=x&category=ncaaw`);
      expect([r.status, r.json.code]).toEqual([503, 'sports_data_unavailable']);
    } finally {
      espn.fail('basketball/womens-college-basketball', null);
    }
  });

  test('teams are suggested by league and followed; the scores show their games only, followed teams marked', async () => {
    const hu = await signedUp(server.url, 'Hu');
    const found = await hu.get(`${W}/list-autosuggest?type=sports&query=la&limit=5`);
    expect(found.json.results.map((r: { identifier: string; title: string }) => [r.identifier, r.title])).toEqual([
      ['nba:13', 'Los Angeles Lakers'],
      ['nfl:13', 'Las Vegas Raiders'],
    ]);
    expect(found.json.results[0]).toMatchObject({
      category: 'nba',
      description: 'LAL · NBA',
      image_url: 'https://a.espncdn.example/LAL.png',
      subscribed: false,
    });
    const nbaOnly = await hu.get(`${W}/list-autosuggest?type=sports&query=la&category=nba`);
    expect(ids(nbaOnly)).toEqual(['nba:13']);
    expect(ids(await put(hu, 'sports', 'nba:13', 'nba'))).toEqual(['nba:13']);
    expect(ids(await put(hu, 'sports', 'nba:13', 'nba'))).toEqual(['nba:13']);
    expect((await hu.get(`${W}/list-autosuggest?type=sports&query=lakers`)).json.results[0].subscribed).toBe(true);
    const scores = await hu.get('/rest/homepage-widgets/sports/scores');
    expect(scores.status).toBe(200);
    expect(scores.json.games).toEqual([
      {
        league: 'nba',
        game_id: '401',
        name: 'Boston Celtics at Los Angeles Lakers',
        date: '2026-12-03T00:30Z',
        state: 'post',
        detail: 'Final',
        home: { identifier: 'nba:13', team_id: '13', name: 'Los Angeles Lakers', abbreviation: 'LAL', score: '112', winner: true, followed: true },
        away: { identifier: 'nba:2', team_id: '2', name: 'Boston Celtics', abbreviation: 'BOS', score: '104', winner: false, followed: false },
      },
    ]);
    expect(espn.asked.filter((a) => a === 'basketball/nba/scoreboard')).toHaveLength(1);
    expect(ids(await del(hu, 'sports', 'nba:13', 'nba'))).toEqual([]);
    expect((await hu.get('/rest/homepage-widgets/sports/scores')).json.games).toEqual([]);
  });
});
