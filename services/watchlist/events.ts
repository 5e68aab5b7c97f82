// A person's watchlists as events, one stream per person: an item added (with what the list shows
// of it), removed, or the finance list put in a new order (the whole order, so a projection and a
// replay agree without arithmetic). Appends carry the expected version.
import type { StoredEvent } from '../eventstore/types.js';
import type { WatchlistType } from './catalogue.js';

export type WatchlistItem = {
  identifier: string;
  category: string;
  title: string;
  description: string;
  image_url: string | null;
  image_url_dark: string | null;
};

export type WatchlistItemAdded = { type: 'WatchlistItemAdded'; data: { user_id: string; list: WatchlistType; item: WatchlistItem; at: string } };
export type WatchlistItemRemoved = { type: 'WatchlistItemRemoved'; data: { user_id: string; list: WatchlistType; identifier: string; at: string } };
export type WatchlistReordered = { type: 'WatchlistReordered'; data: { user_id: string; list: WatchlistType; identifiers: string[]; at: string } };
export type WatchlistEvent = WatchlistItemAdded | WatchlistItemRemoved | WatchlistReordered;

export const WATCHLIST_EVENT_TYPES = ['WatchlistItemAdded', 'WatchlistItemRemoved', 'WatchlistReordered'] as const satisfies readonly WatchlistEvent['type'][];

export const watchlistStream = (userId: string) => `watchlist-${userId}`;

/** Each type's items in their order. */
export type WatchlistState = Record<WatchlistType, readonly WatchlistItem[]>;
export const initialWatchlist: WatchlistState = { sports: [], finance: [], f1: [] };

export function evolveWatchlist(state: WatchlistState, event: StoredEvent | WatchlistEvent): WatchlistState {
  const e = { type: event.type, data: event.data } as WatchlistEvent;
  switch (e.type) {
    case 'WatchlistItemAdded':
      return { ...state, [e.data.list]: [...state[e.data.list], e.data.item] };
    case 'WatchlistItemRemoved':
      return { ...state, [e.data.list]: state[e.data.list].filter((i) => i.identifier !== e.data.identifier) };
    case 'WatchlistReordered': {
      const byId = new Map(state[e.data.list].map((i) => [i.identifier, i]));
      return { ...state, [e.data.list]: e.data.identifiers.flatMap((id) => byId.get(id) ?? []) };
    }
    default:
      return state;
  }
}
