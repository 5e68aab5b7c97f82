// The watchlist's rules over random histories: never more than 50 items, never one twice, a new
// order is the same items with the moved one in its place, and the refusals carry the seed's text.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { WATCHLIST_CATEGORIES, WATCHLIST_MAX, WATCHLIST_TYPES, type WatchlistType } from './catalogue.js';
import { decideAdd, decideRemove, decideReorder, subscriptionsOf } from './decide.js';
import { WATCHLIST_FULL } from './errors.js';
import { evolveWatchlist, initialWatchlist, type WatchlistEvent, type WatchlistState } from './events.js';

const now = new Date('2026-01-01T00:00:00Z');
const user_id = 'u1';
const itemOf = (n: number, category = 'stocks') => ({ identifier: `T${n}`, category, title: `T${n}`, description: '', image_url: null, image_url_dark: null });
const apply = (state: WatchlistState, events: readonly WatchlistEvent[]) =>
  events.reduce((s, e) => evolveWatchlist(s, { ...e, streamVersion: 0 } as never), state);

type Command = { op: 'add'; n: number } | { op: 'remove'; n: number } | { op: 'move'; n: number; order: number };
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), n: fc.nat(70) }),
  fc.record({ op: fc.constant('remove' as const), n: fc.nat(70) }),
  fc.record({ op: fc.constant('move' as const), n: fc.nat(70), order: fc.nat(60) }),
);

function step(state: WatchlistState, cmd: Command): WatchlistEvent[] {
  try {
    if (cmd.op === 'add') return decideAdd(state, { user_id, list: 'finance', item: itemOf(cmd.n), now });
    if (cmd.op === 'remove') return decideRemove(state, { user_id, list: 'finance', identifier: `T${cmd.n}`, category: 'stocks', now });
    return decideReorder(state, { user_id, list: 'finance', identifier: `T${cmd.n}`, order: cmd.order, now });
  } catch (err) {
    if (err instanceof DomainError) return [];
    throw err;
  }
}

describe('watchlist decide()', () => {
  test('any history keeps at most 50 items, none twice, and the order numbers run from 0 without gaps', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 200 }), (cmds) => {
        let state = initialWatchlist;
        for (const cmd of cmds) state = apply(state, step(state, cmd));
        const ids = state.finance.map((i) => i.identifier);
        expect(ids.length).toBeLessThanOrEqual(WATCHLIST_MAX);
        expect(new Set(ids).size).toBe(ids.length);
        expect(subscriptionsOf(state.finance).map((s) => s.order)).toEqual(ids.map((_, i) => i));
      }),
    );
  });

  test('an item already on the list is not added twice', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(100), { minLength: 1, maxLength: 50 }), fc.nat(49), (ns, pick) => {
        const state = apply(
          initialWatchlist,
          ns.flatMap((n) => decideAdd(initialWatchlist, { user_id, list: 'finance', item: itemOf(n), now })),
        );
        expect(decideAdd(state, { user_id, list: 'finance', item: itemOf(ns[pick % ns.length]), now })).toEqual([]);
      }),
    );
  });

  test("a 51st item is refused with the seed's text, whatever the type", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WATCHLIST_TYPES), (list: WatchlistType) => {
        const category = WATCHLIST_CATEGORIES[list][0].category;
        let state = initialWatchlist;
        for (let n = 0; n < WATCHLIST_MAX; n++) state = apply(state, decideAdd(state, { user_id, list, item: itemOf(n, category), now }));
        expect(state[list]).toHaveLength(WATCHLIST_MAX);
        expect(() => decideAdd(state, { user_id, list, item: itemOf(99, category), now })).toThrow(WATCHLIST_FULL);
        expect(WATCHLIST_FULL).toBe('Watchlist full (max 50 items).');
      }),
      { numRuns: 6 },
    );
  });

  test('a move keeps the same items and puts the moved one at its place (the last when past the end)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(60), fc.nat(60), (size, from, order) => {
        const state: WatchlistState = { ...initialWatchlist, finance: Array.from({ length: size }, (_, n) => itemOf(n)) };
        const moved = `T${from % size}`;
        const next = apply(state, decideReorder(state, { user_id, list: 'finance', identifier: moved, order, now }));
        const ids = next.finance.map((i) => i.identifier);
        expect([...ids].sort()).toEqual(state.finance.map((i) => i.identifier).sort());
        expect(ids.indexOf(moved)).toBe(Math.min(order, size - 1));
      }),
    );
  });

  test('only finance is reordered; an unknown category or a missing item is refused with its code', () => {
    fc.assert(
      fc.property(fc.constantFrom<WatchlistType>('sports', 'f1'), fc.string({ minLength: 1, maxLength: 10 }), (list, category) => {
        const code = (f: () => unknown) => {
          try {
            f();
          } catch (err) {
            return (err as DomainError).code;
          }
          return null;
        };
        expect(code(() => decideReorder(initialWatchlist, { user_id, list, identifier: 'X', order: 0, now }))).toBe('watchlist_reorder_finance_only');
        expect(code(() => decideReorder(initialWatchlist, { user_id, list: 'finance', identifier: 'X', order: 0, now }))).toBe('watchlist_item_not_found');
        fc.pre(!WATCHLIST_CATEGORIES.finance.some((c) => c.category === category));
        expect(code(() => decideAdd(initialWatchlist, { user_id, list: 'finance', item: itemOf(1, category), now }))).toBe('unknown_watchlist_category');
        expect(code(() => decideRemove(initialWatchlist, { user_id, list: 'finance', identifier: 'T1', category, now }))).toBe('unknown_watchlist_category');
      }),
    );
  });

  test('removing what is not there changes nothing', () => {
    expect(decideRemove(initialWatchlist, { user_id, list: 'finance', identifier: 'T1', category: 'stocks', now })).toEqual([]);
  });
});
