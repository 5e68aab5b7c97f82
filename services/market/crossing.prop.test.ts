// The crossing rules over random price paths: a target fires exactly at the checks where the price
// reached or passed it from the side it was last strictly on, never twice without going back; a
// movement bound fires once per stay beyond it within a day, and whenever a day's move reaches it
// from within. Replaying the decisions' events gives the same watch (what a restart reads).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type AlertTerms, initialWatch, percentMove, step, type Watch } from './crossing.js';
import { decideCheck } from './decide.js';
import { evolvePriceAlert, initialPriceAlert, type PriceAlertState } from './events.js';

const cents = fc.integer({ min: 1, max: 50_000 }).map((n) => n / 100);

test('a target fires exactly when the price reaches or passes it from the side of the last check strictly off it, once', () => {
  fc.assert(
    fc.property(cents, fc.array(fc.oneof(cents, fc.constant(-1)), { maxLength: 60 }), (t, raw) => {
      // -1 stands for the target itself, so paths sit on it often.
      const prices = raw.map((p) => (p === -1 ? t : p));
      const terms: AlertTerms = { alert_type: 'STOCK_PRICE_TARGET', symbol: 'X', price: t, value_lower_bound: null, value_upper_bound: null };
      let watch: Watch = initialWatch(terms.alert_type);
      // The model: the side of the last check strictly off the target, and whether a firing came after that check.
      let lastStrict: 'below' | 'above' | null = null;
      let firedSince = false;
      let firings = 0;
      let sideChanges = 0;
      for (const price of prices) {
        const next = step(watch, terms, { price, previous_close: 1 });
        const reached = lastStrict === 'below' ? price >= t : lastStrict === 'above' ? price <= t : false;
        const expected = reached && !firedSince ? (lastStrict === 'below' ? 'rose' : 'fell') : null;
        expect(next.crossings).toEqual(expected ? [{ bound: 'target', direction: expected, level: t }] : []);
        if (expected) firings++;
        if (price !== t) {
          const side = price < t ? 'below' : 'above';
          if (lastStrict && side !== lastStrict) sideChanges++;
          lastStrict = side;
          firedSince = false;
        } else if (expected) firedSince = true;
        watch = next.watch;
      }
      // Every move from one side to the other is one firing; touching the target and stepping back may add one each.
      expect(firings).toBeGreaterThanOrEqual(sideChanges);
    }),
    { numRuns: 500 },
  );
});

test('a movement bound fires when a day’s move reaches it from within, once until the move is back within or the day changes', () => {
  const day = fc.integer({ min: 1_000, max: 20_000 }).map((n) => n / 100);
  const moves = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: -1500, max: 1500 })), { maxLength: 60 });
  fc.assert(
    fc.property(
      fc.option(fc.integer({ min: -20, max: -1 }), { nil: null }),
      fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      fc.array(day, { minLength: 3, maxLength: 3 }),
      moves,
      (lower, upper, closes, path) => {
        const terms: AlertTerms = { alert_type: 'STOCK_PRICE_MOVEMENT', symbol: 'X', price: null, value_lower_bound: lower, value_upper_bound: upper };
        let watch: Watch = initialWatch(terms.alert_type);
        // The model: per bound, whether the last check of the same day was already beyond it.
        let lastClose: number | null = null;
        let beyondUpper = false;
        let beyondLower = false;
        for (const [d, bp] of path) {
          const previous_close = closes[d];
          const price = Math.max(0.01, Math.round(previous_close * (1 + bp / 10_000) * 100) / 100);
          const q = { price, previous_close };
          const move = percentMove(q);
          if (previous_close !== lastClose) beyondUpper = beyondLower = false;
          const next = step(watch, terms, q);
          const expected: string[] = [];
          const nowUpper = upper !== null && move >= upper;
          const nowLower = lower !== null && move <= lower;
          if (nowUpper && !beyondUpper) expected.push('upper');
          if (nowLower && !beyondLower) expected.push('lower');
          expect(next.crossings.map((c) => c.bound)).toEqual(expected);
          beyondUpper = nowUpper;
          beyondLower = nowLower;
          lastClose = previous_close;
          watch = next.watch;
        }
      },
    ),
    { numRuns: 500 },
  );
});

test('folding the events decided along any path gives the watch the rules reached, and one firing per crossing', () => {
  const terms = fc.oneof(
    cents.map((price): AlertTerms => ({ alert_type: 'STOCK_PRICE_TARGET', symbol: 'X', price, value_lower_bound: null, value_upper_bound: null })),
    fc
      .tuple(fc.integer({ min: -10, max: -1 }), fc.integer({ min: 1, max: 10 }))
      .map(([l, u]): AlertTerms => ({ alert_type: 'STOCK_PRICE_MOVEMENT', symbol: 'X', price: null, value_lower_bound: l, value_upper_bound: u })),
  );
  fc.assert(
    fc.property(terms, fc.array(fc.tuple(cents, fc.constantFrom(100, 120)), { maxLength: 40 }), (t, path) => {
      let state: PriceAlertState = initialPriceAlert;
      let watch: Watch = initialWatch(t.alert_type);
      let version = 0;
      let crossings = 0;
      for (const [price, previous_close] of path) {
        const quote = { symbol: 'X', price, previous_close, currency: 'USD', at: new Date(0) };
        const events = decideCheck(state, { taskId: 't', ownerId: 'o', terms: t, quote, now: new Date(0), version });
        const next = step(watch, t, quote);
        crossings += next.crossings.length ? 1 : 0;
        watch = next.watch;
        for (const e of events) state = evolvePriceAlert(state, e);
        version += events.length;
        expect(state.watch).toEqual(watch);
      }
      expect(state.fired).toBe(crossings);
    }),
    { numRuns: 300 },
  );
});
