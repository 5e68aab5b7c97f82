import fc from 'fast-check';
import { expect, test } from 'vitest';
import { hasUnstorableText } from './well-formed-text.js';

/** The built-in check (ES2024), as the reference for the pattern the edge uses. */
const wellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

test('a string is refused exactly when it holds NUL or half a surrogate pair', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => {
      expect(hasUnstorableText(s)).toBe(s.includes('\u0000') || !wellFormed(s));
    }),
    { numRuns: 2_000 },
  );
  expect(hasUnstorableText('👩‍👩‍👧 \u202E\u200B مرحبا')).toBe(false);
});

test('anywhere in a JSON value: nested values and keys; numbers, booleans and null are fine', () => {
  expect(hasUnstorableText({ a: [1, true, null, { b: 'ok' }] })).toBe(false);
  expect(hasUnstorableText({ a: [1, { b: ['x', 'y\u0000'] }] })).toBe(true);
  expect(hasUnstorableText({ 'k\uD800': 1 })).toBe(true);
  expect(hasUnstorableText(['\uDC00'])).toBe(true);
});
