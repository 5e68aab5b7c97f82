import fc from 'fast-check';
import { expect, test } from 'vitest';
import { minorDigits, parsePrice } from './money.js';

test('a price written with its currency reads back as the same minor units, before or after the amount', () => {
  fc.assert(
    fc.property(fc.constantFrom('EUR', 'USD', 'GBP', 'JPY', 'KWD'), fc.integer({ min: 0, max: 10_000_000 }), (currency, minor) => {
      const digits = minorDigits(currency)!;
      const text = digits ? `${Math.floor(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, '0')}` : String(minor);
      expect(parsePrice(`${text} ${currency}`, null)).toEqual({ minor, currency });
      expect(parsePrice(`${currency} ${text}`, 'USD')).toEqual({ minor, currency });
    }),
  );
});

test('text that is no price is none, whatever it is', () => {
  fc.assert(
    fc.property(fc.string(), (s) => {
      const p = parsePrice(s, 'EUR');
      if (p) expect(Number.isSafeInteger(p.minor) && p.minor >= 0).toBe(true);
    }),
  );
  expect(parsePrice('12.345 EUR', null)).toBeNull();
  expect(parsePrice('12 EUR USD', null)).toBeNull();
  expect(parsePrice('12', null)).toBeNull();
  expect(parsePrice('1,299.99 EUR', null)).toEqual({ minor: 129999, currency: 'EUR' });
});
