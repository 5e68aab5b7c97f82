// The watchlist's rules (seed 000 "Watchlist"): a known category of the type, at most 50 items,
// an item already there not added twice, removing what is not there changes nothing, and only
// finance is reordered. Pure: the clock is passed in; the mocks run the same rules.
import { isWatchlistCategory, WATCHLIST_MAX, type WatchlistType } from './catalogue.js';
import { watchlistErrors } from './errors.js';
import type { WatchlistItem, WatchlistItemAdded, WatchlistItemRemoved, WatchlistReordered, WatchlistState } from './events.js';

export type AddCommand = { user_id: string; list: WatchlistType; item: WatchlistItem; now: Date };
export type RemoveCommand = { user_id: string; list: WatchlistType; identifier: string; category: string; now: Date };
export type ReorderCommand = { user_id: string; list: WatchlistType; identifier: string; order: number; now: Date };

export function checkCategory(list: WatchlistType, category: string) {
  if (!isWatchlistCategory(list, category)) throw watchlistErrors.unknownCategory(list, category);
}

export function decideAdd(state: WatchlistState, cmd: AddCommand): [] | [WatchlistItemAdded] {
  checkCategory(cmd.list, cmd.item.category);
  const items = state[cmd.list];
  if (items.some((i) => i.identifier === cmd.item.identifier)) return [];
  if (items.length >= WATCHLIST_MAX) throw watchlistErrors.full();
  return [{ type: 'WatchlistItemAdded', data: { user_id: cmd.user_id, list: cmd.list, item: cmd.item, at: cmd.now.toISOString() } }];
}

export function decideRemove(state: WatchlistState, cmd: RemoveCommand): [] | [WatchlistItemRemoved] {
  checkCategory(cmd.list, cmd.category);
  if (!state[cmd.list].some((i) => i.identifier === cmd.identifier && i.category === cmd.category)) return [];
  return [{ type: 'WatchlistItemRemoved', data: { user_id: cmd.user_id, list: cmd.list, identifier: cmd.identifier, at: cmd.now.toISOString() } }];
}

export function decideReorder(state: WatchlistState, cmd: ReorderCommand): [] | [WatchlistReordered] {
  if (cmd.list !== 'finance') throw watchlistErrors.financeOnly();
  const ids = state[cmd.list].map((i) => i.identifier);
  const from = ids.indexOf(cmd.identifier);
  if (from < 0) throw watchlistErrors.notFound();
  const to = Math.min(Math.max(0, Math.trunc(cmd.order)), ids.length - 1);
  if (to === from) return [];
  const next = ids.filter((id) => id !== cmd.identifier);
  next.splice(to, 0, cmd.identifier);
  return [{ type: 'WatchlistReordered', data: { user_id: cmd.user_id, list: cmd.list, identifiers: next, at: cmd.now.toISOString() } }];
}

/** The list as the calls answer it: each item subscribed, with its place. */
export const subscriptionsOf = (items: readonly WatchlistItem[]) => items.map((item, order) => ({ ...item, subscribed: true, order }));
