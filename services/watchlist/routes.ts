// The watchlist over HTTP (spec/paths/watchlist.yaml): each handler calls one use case.
import type { DomainRoutes } from '../http/handler.js';
import { marketDataFromConfig } from '../market/index.js';
import { sharedCachedMarket } from './cached-market.js';
import { ergastF1Data, type F1Data } from './ergast.js';
import { cachedF1 } from './f1.js';
import { espnSportsData, type SportsData } from './espn.js';
import { cachedSports } from './sports.js';
import type { KernelContext } from '../shared/context.js';
import { AUTOSUGGEST, WATCHLIST_CATEGORIES } from './catalogue.js';
import {
  addSubscription,
  autosuggest,
  f1Results,
  financeQuotes,
  getSubscriptions,
  removeSubscription,
  reorderSubscription,
  sportsScores,
  type WatchlistDeps,
} from './use-cases.js';

/** One F1 source (with its cache) per configuration for the app's life. */
const f1Sources = new WeakMap<object, F1Data>();
function f1Of(config: KernelContext['config']): F1Data | null {
  if (!config.f1ResultsUrl) return null;
  let f1 = f1Sources.get(config);
  if (!f1) f1Sources.set(config, (f1 = cachedF1(ergastF1Data({ baseUrl: config.f1ResultsUrl }))));
  return f1;
}

/** One sports source (with its cache) per configuration for the app's life. */
const sportsSources = new WeakMap<object, SportsData>();
function sportsOf(config: KernelContext['config']): SportsData | null {
  if (!config.sportsScoresUrl) return null;
  let sports = sportsSources.get(config);
  if (!sports)
    sportsSources.set(config, (sports = cachedSports(espnSportsData({ baseUrl: config.sportsScoresUrl, cricketLeague: config.sportsCricketLeague }))));
  return sports;
}

const deps = (ctx: KernelContext): WatchlistDeps => ({
  store: ctx.store,
  db: ctx.db, // Keyed by the config object: one cache for the app's life, a fresh one for a new config (tests).
  market: sharedCachedMarket(ctx.config, () => marketDataFromConfig(ctx.config)),
  f1: f1Of(ctx.config),
  sports: sportsOf(ctx.config),
  now: ctx.now,
});

export const watchlistRoutes = {
  async listWatchlistAutosuggest({ actor, query }, ctx) {
    const input = { type: query.type, query: query.query, limit: query.limit ?? AUTOSUGGEST.limit, category: query.category };
    return { status: 200, body: await autosuggest(deps(ctx), actor, input) };
  },
  async getWatchlistSubscriptions({ actor, query }, ctx) {
    return { status: 200, body: await getSubscriptions(deps(ctx), actor, { type: query.type }) };
  },
  async addWatchlistSubscription({ actor, query }, ctx) {
    return { status: 200, body: await addSubscription(deps(ctx), actor, query) };
  },
  async removeWatchlistSubscription({ actor, query }, ctx) {
    return { status: 200, body: await removeSubscription(deps(ctx), actor, query) };
  },
  async reorderWatchlistSubscription({ actor, query, body }, ctx) {
    return { status: 200, body: await reorderSubscription(deps(ctx), actor, { type: query.type, identifier: query.identifier, order: body.order }) };
  },
  async getWatchlistCategories({ query }) {
    return { status: 200, body: { results: [...WATCHLIST_CATEGORIES[query.type]] } };
  },
  async getF1Results({ actor }, ctx) {
    return { status: 200, body: await f1Results(deps(ctx), actor) };
  },
  async getSportsScores({ actor }, ctx) {
    return { status: 200, body: await sportsScores(deps(ctx), actor) };
  },
  async getWatchlistQuotes({ actor }, ctx) {
    return { status: 200, body: await financeQuotes(deps(ctx), actor) };
  },
} satisfies DomainRoutes;
