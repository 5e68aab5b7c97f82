// The watchlists in the mock API, by the server's own rules (services/watchlist/decide.ts) over each
// account's events. Finance suggestions and quotes come from a small fixed catalogue in place of the
// market-data provider, F1 drivers and the last race from a fixed season in place of the Ergast API;
// with `marketData: 'off'` or `f1: 'off'` they answer as a server without one. Sports teams and
// games come from mocks/watchlist-sports.ts (`sports: 'off'`: no source, as the server without one).
import {
  getAddWatchlistSubscriptionMockHandler,
  getGetF1ResultsMockHandler,
  getGetWatchlistCategoriesMockHandler,
  getGetWatchlistQuotesMockHandler,
  getGetWatchlistSubscriptionsMockHandler,
  getListWatchlistAutosuggestMockHandler,
  getRemoveWatchlistSubscriptionMockHandler,
  getReorderWatchlistSubscriptionMockHandler,
} from '../generated/msw/watchlist/watchlist.msw';
import type { WatchlistOrder } from '../generated/react-query/model';
import { parseSymbol } from '../services/shared/ticker-symbol';
import {
  AUTOSUGGEST,
  checkCategory,
  decideAdd,
  decideRemove,
  decideReorder,
  evolveWatchlist,
  financeCategoryOf,
  initialWatchlist,
  subscriptionsOf,
  WATCHLIST_CATEGORIES,
  WATCHLIST_TYPES,
  watchlistErrors,
  type WatchlistState,
  type WatchlistType,
} from '../services/watchlist/pure';
import type { WatchlistEvent } from '../services/watchlist/events';
import type { MockMarketData } from './market-data';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';
import { mockSports, type MockSports } from './watchlist-sports';

/** What the mock "provider" lists: symbol, name, kind, price and previous close. */
export const MOCK_INSTRUMENTS = [
  ['AAPL', 'APPLE INC', 'Common Stock', 190.12, 187.5],
  ['MSFT', 'MICROSOFT CORP', 'Common Stock', 421.3, 425.1],
  ['NVDA', 'NVIDIA CORP', 'Common Stock', 131.8, 128.2],
  ['AMZN', 'AMAZON.COM INC', 'Common Stock', 186.4, 184.9],
  ['GOOGL', 'ALPHABET INC-CL A', 'Common Stock', 171.2, 172.6],
  ['TSLA', 'TESLA INC', 'Common Stock', 248.5, 240.1],
  ['SPY', 'SPDR S&P 500 ETF TRUST', 'ETP', 560.2, 558.7],
  ['QQQ', 'INVESCO QQQ TRUST SERIES 1', 'ETP', 480.9, 482.3],
] as const;

/** The mock season's drivers (id, name, code, nationality, team), in the last race's finishing order. */
export const MOCK_F1_DRIVERS = [
  ['max_verstappen', 'Max Verstappen', 'VER', 'Dutch', 'Red Bull'],
  ['norris', 'Lando Norris', 'NOR', 'British', 'McLaren'],
  ['leclerc', 'Charles Leclerc', 'LEC', 'Monegasque', 'Ferrari'],
  ['piastri', 'Oscar Piastri', 'PIA', 'Australian', 'McLaren'],
  ['hamilton', 'Lewis Hamilton', 'HAM', 'British', 'Ferrari'],
] as const;
const POINTS = [25, 18, 15, 12, 10];

/** 'off': no F1 results source, as a server without F1_RESULTS_URL. */
export type MockF1 = 'mock' | 'off';

export function watchlistHandlers(opts: { state: () => ScenarioState; changed: () => void; marketData?: MockMarketData; f1?: MockF1; sports?: MockSports }) {
  // Kept in the scenario, so a reset empties it and the browser keeps it across reloads.
  const events = () => (opts.state().watchlist ??= {});
  const signedIn = () => currentUser(opts.state()) ?? refuse(watchlistErrors.loginRequired());
  const stateOf = (userId: string): WatchlistState => (events()[userId] ?? []).reduce(evolveWatchlist, initialWatchlist);
  const change = (userId: string, decide: (s: WatchlistState) => WatchlistEvent[]) => {
    const decided = ruled(() => decide(stateOf(userId)));
    if (!decided.length) return;
    events()[userId] = [...(events()[userId] ?? []), ...decided];
    opts.changed();
  };
  const f1 = () => (opts.f1 === 'off' ? refuse(watchlistErrors.f1NotConfigured()) : MOCK_F1_DRIVERS);
  const driverItem = ([id, name, code, nationality]: (typeof MOCK_F1_DRIVERS)[number]) => ({
    identifier: id,
    category: 'f1',
    title: name,
    description: `${code} · ${nationality}`,
    image_url: null,
    image_url_dark: null,
  });
  const sports = mockSports({ mode: opts.sports, followed: () => stateOf(signedIn().id).sports, signedIn });
  const market = () => (opts.marketData === 'off' ? refuse(watchlistErrors.marketNotConfigured()) : MOCK_INSTRUMENTS);
  const params = (url: string) => new URL(url).searchParams;
  const typeOf = (p: URLSearchParams) => {
    const type = p.get('type') as WatchlistType;
    return WATCHLIST_TYPES.includes(type) ? type : refuse(watchlistErrors.unknownCategory('finance', String(type)));
  };
  const listOf = (userId: string, type: WatchlistType) => ({ results: subscriptionsOf(stateOf(userId)[type]) });

  return [
    getListWatchlistAutosuggestMockHandler(({ request }) => {
      const user = signedIn();
      const p = params(request.url);
      const type = typeOf(p);
      const category = p.get('category');
      if (category !== null) ruled(() => checkCategory(type, category));
      const query = (p.get('query') ?? '').trim().toLowerCase();
      const limit = Number(p.get('limit') ?? AUTOSUGGEST.limit);
      if (type === 'sports') return { results: sports.suggestions(query, limit, category, new Set(stateOf(user.id).sports.map((i) => i.identifier))) };
      if (type === 'f1') {
        const followed = new Set(stateOf(user.id).f1.map((i) => i.identifier));
        const found = f1().filter(([id, name, code]) => query && (name.toLowerCase().includes(query) || code.toLowerCase() === query || id.includes(query)));
        return { results: found.slice(0, limit).map((d) => ({ ...driverItem(d), subscribed: followed.has(d[0]), order: null })) };
      }
      const subscribed = new Set(stateOf(user.id).finance.map((i) => i.identifier));
      const results = market()
        .filter(
          ([symbol, name, kind]) =>
            query && (symbol.toLowerCase().includes(query) || name.toLowerCase().includes(query)) && (!category || financeCategoryOf(kind) === category),
        )
        .slice(0, limit)
        .map(([symbol, name, kind]) => ({
          identifier: symbol,
          category: financeCategoryOf(kind),
          title: symbol,
          description: name,
          image_url: null,
          image_url_dark: null,
          subscribed: subscribed.has(symbol),
          order: null,
        }));
      return { results };
    }),
    getGetWatchlistSubscriptionsMockHandler(({ request }) => listOf(signedIn().id, typeOf(params(request.url)))),
    getAddWatchlistSubscriptionMockHandler(({ request }) => {
      const user = signedIn();
      const p = params(request.url);
      const type = typeOf(p);
      const category = p.get('category') ?? '';
      ruled(() => checkCategory(type, category));
      if (type === 'sports') {
        const item = sports.find(p.get('identifier') ?? '', category);
        change(user.id, (s) => decideAdd(s, { user_id: user.id, list: type, item, now: new Date() }));
        return listOf(user.id, type);
      }
      if (type === 'f1') {
        const id = (p.get('identifier') ?? '').trim();
        const driver = f1().find(([d]) => d === id) ?? refuse(watchlistErrors.unknownDriver(id));
        change(user.id, (s) => decideAdd(s, { user_id: user.id, list: type, item: { ...driverItem(driver), category }, now: new Date() }));
        return listOf(user.id, type);
      }
      const symbol = parseSymbol(p.get('identifier') ?? '') ?? refuse(watchlistErrors.invalidIdentifier());
      const found = market().find(([s]) => s === symbol) ?? refuse(watchlistErrors.unknownInstrument(symbol));
      const item = { identifier: symbol, category, title: symbol, description: found[1], image_url: null, image_url_dark: null };
      change(user.id, (s) => decideAdd(s, { user_id: user.id, list: type, item, now: new Date() }));
      return listOf(user.id, type);
    }),
    getRemoveWatchlistSubscriptionMockHandler(({ request }) => {
      const user = signedIn();
      const p = params(request.url);
      const type = typeOf(p);
      const raw = p.get('identifier') ?? '';
      const identifier = type === 'finance' ? (parseSymbol(raw) ?? raw) : raw;
      change(user.id, (s) => decideRemove(s, { user_id: user.id, list: type, identifier, category: p.get('category') ?? '', now: new Date() }));
      return listOf(user.id, type);
    }),
    getReorderWatchlistSubscriptionMockHandler(async ({ request }) => {
      const user = signedIn();
      const p = params(request.url);
      const type = typeOf(p);
      const { order } = (await request.json()) as WatchlistOrder;
      const raw = p.get('identifier') ?? '';
      const identifier = parseSymbol(raw) ?? raw;
      change(user.id, (s) => decideReorder(s, { user_id: user.id, list: type, identifier, order, now: new Date() }));
      return listOf(user.id, type);
    }),
    getGetWatchlistCategoriesMockHandler(({ request }) => ({ results: [...WATCHLIST_CATEGORIES[typeOf(params(request.url))]] })),
    getGetF1ResultsMockHandler(() => {
      const user = signedIn();
      const followed = new Set(stateOf(user.id).f1.map((i) => i.identifier));
      const results = f1().map(([id, name, code, , team], i) => ({
        position: i + 1,
        driver_id: id,
        driver: name,
        code,
        constructor: team,
        points: POINTS[i] ?? 0,
        status: 'Finished',
        followed: followed.has(id),
      }));
      return { race: { season: '2026', round: '5', race_name: 'Miami Grand Prix', circuit: 'Miami International Autodrome', date: '2026-05-03' }, results };
    }),
    sports.handler,
    getGetWatchlistQuotesMockHandler(() => {
      const user = signedIn();
      const instruments = market();
      return {
        results: stateOf(user.id).finance.map((i) => {
          const found = instruments.find(([s]) => s === i.identifier);
          if (!found) return { identifier: i.identifier, quote: null };
          const [, , , price, previous_close] = found;
          const change = Math.round((price - previous_close) * 10_000) / 10_000;
          return {
            identifier: i.identifier,
            quote: {
              price,
              previous_close,
              change,
              change_percent: Math.round((change / previous_close) * 1_000_000) / 10_000,
              currency: 'USD',
              at: new Date().toISOString(),
            },
          };
        }),
      };
    }),
  ];
}
