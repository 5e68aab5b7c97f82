// The crossing rules on sequences a person would recognise, and the reasons they read.
import { expect, test } from 'vitest';
import { type AlertTerms, initialWatch, step, type Watch } from './crossing.js';
import { crossingReason } from './reason.js';

const target = (price: number): AlertTerms => ({ alert_type: 'STOCK_PRICE_TARGET', symbol: 'AAPL', price, value_lower_bound: null, value_upper_bound: null });
const movement = (lower: number | null, upper: number | null): AlertTerms => ({
  alert_type: 'STOCK_PRICE_MOVEMENT',
  symbol: 'AAPL',
  price: null,
  value_lower_bound: lower,
  value_upper_bound: upper,
});

/** The crossings of each quote in turn, as 'bound direction' (or '-' for none). */
function run(terms: AlertTerms, quotes: [price: number, previousClose: number][]) {
  let watch: Watch = initialWatch(terms.alert_type);
  return quotes.map(([price, previous_close]) => {
    const next = step(watch, terms, { price, previous_close });
    watch = next.watch;
    return next.crossings.map((c) => `${c.bound} ${c.direction}`).join(',') || '-';
  });
}

test('a target fires once when crossed upward, not again while above, and once when crossed back down', () => {
  expect(
    run(target(200), [
      [190, 190],
      [195, 190],
      [201, 190],
      [205, 190],
      [202, 190],
      [199, 190],
      [198, 190],
      [203, 190],
    ]),
  ).toEqual(['-', '-', 'target rose', '-', '-', 'target fell', '-', 'target rose']);
});

test('the first quote only tells the side: an alert made while past its target waits for a crossing', () => {
  expect(
    run(target(200), [
      [210, 190],
      [220, 190],
      [199, 190],
    ]),
  ).toEqual(['-', '-', 'target fell']);
});

test('reaching the target exactly fires once; sitting on it or stepping back does not fire again', () => {
  expect(
    run(target(200), [
      [190, 190],
      [200, 190],
      [200, 190],
      [199, 190],
      [200, 190],
      [201, 190],
    ]),
  ).toEqual(['-', 'target rose', '-', '-', 'target rose', '-']);
});

test('a movement fires once per bound per day, re-arms when back within, and again on a new day', () => {
  expect(
    run(movement(-5, 5), [
      [100, 100],
      [106, 100], // +6%
      [107, 100],
      [103, 100], // back within
      [105, 100], // +5% exactly: the bound is reached
      [94, 100], // -6%
      [93, 100],
      [93, 93], // a new day: 0%
      [88, 93], // -5.4% on the new day
    ]),
  ).toEqual(['-', 'upper rose', '-', '-', 'upper rose', 'lower fell', '-', '-', 'lower fell']);
});

test('a move already past a bound at the first quote fires: the day started at 0%', () => {
  expect(run(movement(-5, 5), [[110, 100]])).toEqual(['upper rose']);
});

test('a new day still past the bound fires again: its move is measured against the new close', () => {
  expect(
    run(movement(null, 5), [
      [106, 100],
      [112, 106],
    ]),
  ).toEqual(['upper rose', 'upper rose']);
});

test('without one of the bounds, only the other fires', () => {
  expect(
    run(movement(-3, null), [
      [120, 100],
      [96, 100],
    ]),
  ).toEqual(['-', 'lower fell']);
});

test('the reasons say what moved, where to, and which condition it met', () => {
  const q = { symbol: 'AAPL', price: 201.3, previous_close: 197.16, currency: 'USD' };
  expect(crossingReason(q, { bound: 'target', direction: 'rose', level: 200 })).toBe(
    'AAPL rose to 201.30 USD, crossing your target of 200.00 USD (+2.1% today).',
  );
  expect(crossingReason({ ...q, price: 200 }, { bound: 'target', direction: 'rose', level: 200 })).toBe(
    'AAPL rose to 200.00 USD, reaching your target of 200.00 USD (+1.4% today).',
  );
  expect(crossingReason({ ...q, price: 186.5 }, { bound: 'lower', direction: 'fell', level: -5 })).toBe(
    'AAPL fell 5.4% today to 186.50 USD (previous close 197.16 USD), past your -5% alert.',
  );
  expect(crossingReason({ ...q, symbol: 'SNDL', price: 0.5123, previous_close: 0.48 }, { bound: 'upper', direction: 'rose', level: 5 })).toBe(
    'SNDL rose 6.7% today to 0.5123 USD (previous close 0.4800 USD), past your +5% alert.',
  );
});
