// The F1 watchlist and widget over the Ergast-compatible API: the season's drivers to suggest and
// add, and the last race's results with the person's followed drivers marked. Answers are kept a
// few minutes per app instance (public Ergast mirrors limit callers to a few hundred calls an hour).
import { LRUCache } from 'lru-cache';
import { F1DataError, type F1Data, type F1Driver, type F1LastRace } from './ergast.js';
import { watchlistErrors } from './errors.js';
import type { WatchlistItem } from './events.js';

export const F1_CACHE_TTL_MS = 5 * 60_000;

export function cachedF1(f1: F1Data): F1Data {
  const kept = new LRUCache<'drivers' | 'last', { value: F1Driver[] | F1LastRace | null }>({ max: 2, ttl: F1_CACHE_TTL_MS });
  const once = async <T extends F1Driver[] | F1LastRace | null>(key: 'drivers' | 'last', load: () => Promise<T>): Promise<T> => {
    const hit = kept.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    kept.set(key, { value });
    return value;
  };
  return { drivers: (signal) => once('drivers', () => f1.drivers(signal)), lastRace: (signal) => once('last', () => f1.lastRace(signal)) };
}

/** The configured F1 source, or the refusal that says there is none. */
export function f1Source(f1: F1Data | null): F1Data {
  if (!f1) throw watchlistErrors.f1NotConfigured();
  return f1;
}

async function asked<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof F1DataError) throw watchlistErrors.f1Unavailable();
    throw err;
  }
}

const itemOf = (d: F1Driver): WatchlistItem => ({
  identifier: d.driver_id,
  category: 'f1',
  title: d.name,
  description: [d.code, d.nationality].filter(Boolean).join(' · '),
  image_url: null,
  image_url_dark: null,
});

export async function f1Suggestions(f1: F1Data | null, query: string, limit: number, subscribed: ReadonlySet<string>) {
  const q = query.trim().toLowerCase();
  const drivers = await asked(() => f1Source(f1).drivers());
  return drivers
    .filter((d) => q && (d.name.toLowerCase().includes(q) || d.code?.toLowerCase() === q || d.driver_id.includes(q)))
    .slice(0, limit)
    .map((d) => ({ ...itemOf(d), subscribed: subscribed.has(d.driver_id), order: null }));
}

export async function findDriver(f1: F1Data | null, id: string): Promise<WatchlistItem> {
  const drivers = await asked(() => f1Source(f1).drivers());
  const found = drivers.find((d) => d.driver_id === id.trim());
  if (!found) throw watchlistErrors.unknownDriver(id);
  return itemOf(found);
}

export async function lastRaceFor(f1: F1Data | null, followed: ReadonlySet<string>) {
  const race = await asked(() => f1Source(f1).lastRace());
  if (!race) return { race: null, results: [] };
  const { results, ...info } = race;
  return { race: info, results: results.map((r) => ({ ...r, followed: followed.has(r.driver_id) })) };
}
