// The watchlist's use cases: each takes one Actor, reads the person's stream, decides, appends
// with the expected version (two racing changes retry on the fresh state, a bounded number of
// times) and answers the list from the read model. Finance items are checked with the market-data
// provider before they are kept, sports teams with the ESPN-style scores API, F1 drivers with the
// Ergast-compatible API; each says so when it is not configured.
import pLimit from 'p-limit';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type NewEvent } from '../eventstore/types.js';
import { type Instrument, type MarketData, MarketDataError, parseSymbol, type Quote } from '../market/index.js';
import type { Actor } from '../shared/actor.js';
import { financeCategoryOf, type WatchlistType } from './catalogue.js';
import { checkCategory, decideAdd, decideRemove, decideReorder, subscriptionsOf } from './decide.js';
import { watchlistErrors } from './errors.js';
import { evolveWatchlist, initialWatchlist, type WatchlistItem, type WatchlistState, watchlistStream } from './events.js';
import { watchlistItems } from './queries.js';
import type { F1Data } from './ergast.js';
import { f1Suggestions, findDriver, lastRaceFor } from './f1.js';
import type { SportsData } from './espn.js';
import { findTeam, scoresFor, sportsSuggestions } from './sports.js';

export type WatchlistDeps = { store: EventStore; db: Db; market: MarketData | null; f1: F1Data | null; sports: SportsData | null; now: () => Date };

const MAX_ATTEMPTS = 5;
/** Quotes asked of the provider at once for one list (Finnhub's free tier allows 60 a minute). */
const QUOTE_CONCURRENCY = 4;

async function signedIn(actor: Actor) {
  const userId = await actor.userId();
  if (!userId) throw watchlistErrors.loginRequired();
  return userId;
}

async function decideAndAppend(store: EventStore, userId: string, decide: (state: WatchlistState) => NewEvent[]) {
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await store.aggregate(watchlistStream(userId), initialWatchlist, evolveWatchlist);
    const events = decide(state);
    if (events.length === 0) return;
    try {
      await store.append(watchlistStream(userId), version, events);
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

const listOf = async (db: Db, userId: string, list: WatchlistType) => ({ results: subscriptionsOf(await watchlistItems(db, userId, list)) });

export async function getSubscriptions(deps: WatchlistDeps, actor: Actor, input: { type: WatchlistType }) {
  return listOf(deps.db, await signedIn(actor), input.type);
}

export async function addSubscription(deps: WatchlistDeps, actor: Actor, input: { type: WatchlistType; identifier: string; category: string }) {
  const userId = await signedIn(actor);
  checkCategory(input.type, input.category);
  if (input.type === 'sports' && !deps.sports) throw watchlistErrors.sportsNotConfigured();
  const list = input.type;
  const identifier = list === 'finance' ? parseSymbol(input.identifier) : input.identifier.trim();
  if (!identifier) throw watchlistErrors.invalidIdentifier();
  const now = deps.now();
  const provisional: WatchlistItem = { identifier, category: input.category, title: identifier, description: '', image_url: null, image_url_dark: null };
  // A full list or an item already there is answered without asking the source.
  const { state } = await deps.store.aggregate(watchlistStream(userId), initialWatchlist, evolveWatchlist);
  if (decideAdd(state, { user_id: userId, list, item: provisional, now }).length > 0) {
    const item =
      list === 'finance'
        ? { ...provisional, description: (await findInstrument(deps.market, identifier)).description }
        : list === 'sports'
          ? await findTeam(deps.sports, identifier, input.category)
          : { ...(await findDriver(deps.f1, identifier)), category: input.category };
    await decideAndAppend(deps.store, userId, (s) => decideAdd(s, { user_id: userId, list, item, now }));
  }
  return listOf(deps.db, userId, list);
}

export async function removeSubscription(deps: WatchlistDeps, actor: Actor, input: { type: WatchlistType; identifier: string; category: string }) {
  const userId = await signedIn(actor);
  const identifier = input.type === 'finance' ? (parseSymbol(input.identifier) ?? input.identifier) : input.identifier;
  const now = deps.now();
  await decideAndAppend(deps.store, userId, (s) => decideRemove(s, { user_id: userId, list: input.type, identifier, category: input.category, now }));
  return listOf(deps.db, userId, input.type);
}

export async function reorderSubscription(deps: WatchlistDeps, actor: Actor, input: { type: WatchlistType; identifier: string; order: number }) {
  const userId = await signedIn(actor);
  const identifier = parseSymbol(input.identifier) ?? input.identifier;
  const now = deps.now();
  await decideAndAppend(deps.store, userId, (s) => decideReorder(s, { user_id: userId, list: input.type, identifier, order: input.order, now }));
  return listOf(deps.db, userId, input.type);
}

export async function autosuggest(
  deps: WatchlistDeps,
  actor: Actor,
  input: { type: WatchlistType; query: string; limit: number; category?: string },
  signal?: AbortSignal,
) {
  const userId = await signedIn(actor);
  if (input.category !== undefined) checkCategory(input.type, input.category);
  if (input.type === 'sports') {
    if (!deps.sports) throw watchlistErrors.sportsNotConfigured();
    const subscribed = new Set((await watchlistItems(deps.db, userId, 'sports')).map((i) => i.identifier));
    return { results: await sportsSuggestions(deps.sports, input.query, input.limit, input.category, subscribed) };
  }
  if (input.type === 'f1') {
    const subscribed = new Set((await watchlistItems(deps.db, userId, 'f1')).map((i) => i.identifier));
    return { results: await f1Suggestions(deps.f1, input.query, input.limit, subscribed) };
  }
  const market = available(deps.market);
  const query = input.query.trim();
  if (!query) return { results: [] };
  // The provider's search and the person's list at once: a keystroke waits for the slower only.
  const [found, items] = await Promise.all([
    market.search(query, signal).catch((err: unknown): Instrument[] => {
      throw providerFailure(err);
    }),
    watchlistItems(deps.db, userId, 'finance'),
  ]);
  const subscribed = new Set(items.map((i) => i.identifier));
  const seen = new Set<string>();
  const results = [];
  for (const i of found) {
    // Only what the quote call can price: plain tickers (exchange-prefixed symbols are left out).
    const symbol = parseSymbol(i.symbol);
    const category = financeCategoryOf(i.type);
    if (!symbol || symbol !== i.symbol || seen.has(symbol) || (input.category && input.category !== category)) continue;
    seen.add(symbol);
    results.push({
      identifier: symbol,
      category,
      title: symbol,
      description: i.description,
      image_url: null,
      image_url_dark: null,
      subscribed: subscribed.has(symbol),
      order: null,
    });
    if (results.length >= input.limit) break;
  }
  return { results };
}

export type WatchlistQuote = { identifier: string; quote: null | (Omit<Quote, 'symbol' | 'at'> & { change: number; change_percent: number; at: string }) };

export async function financeQuotes(deps: WatchlistDeps, actor: Actor, signal?: AbortSignal): Promise<{ results: WatchlistQuote[] }> {
  const userId = await signedIn(actor);
  const market = available(deps.market);
  const items = await watchlistItems(deps.db, userId, 'finance');
  const limit = pLimit(QUOTE_CONCURRENCY);
  const results = await Promise.all(
    items.map((i) =>
      limit(async (): Promise<WatchlistQuote> => {
        try {
          const q = await market.quote(i.identifier, signal);
          const change = q.price - q.previous_close;
          return {
            identifier: i.identifier,
            quote: {
              price: q.price,
              previous_close: q.previous_close,
              change: round(change),
              change_percent: round((change / q.previous_close) * 100),
              currency: q.currency,
              at: q.at.toISOString(),
            },
          };
        } catch {
          // One ticker the provider could not price does not hide the others.
          return { identifier: i.identifier, quote: null };
        }
      }),
    ),
  );
  return { results };
}

function available(market: MarketData | null): MarketData {
  if (!market) throw watchlistErrors.marketNotConfigured();
  return market;
}

async function findInstrument(market: MarketData | null, symbol: string): Promise<Instrument> {
  let found: Instrument[];
  try {
    found = await available(market).search(symbol);
  } catch (err) {
    throw providerFailure(err);
  }
  const match = found.find((i) => i.symbol === symbol);
  if (!match) throw watchlistErrors.unknownInstrument(symbol);
  return match;
}

function providerFailure(err: unknown) {
  if (err instanceof MarketDataError) return watchlistErrors.marketUnavailable();
  return err;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The last F1 race, the person's followed drivers marked. */
export async function f1Results(deps: WatchlistDeps, actor: Actor) {
  const userId = await signedIn(actor);
  const followed = new Set((await watchlistItems(deps.db, userId, 'f1')).map((i) => i.identifier));
  return lastRaceFor(deps.f1, followed);
}

/** Today's games on the scoreboards of the leagues the person follows, with their teams marked. */
export async function sportsScores(deps: WatchlistDeps, actor: Actor) {
  const userId = await signedIn(actor);
  if (!deps.sports) throw watchlistErrors.sportsNotConfigured();
  return scoresFor(deps.sports, await watchlistItems(deps.db, userId, 'sports'));
}
