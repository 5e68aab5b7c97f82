// No citation marker in a final answer points nowhere, whatever the model wrote and however
// its text was cut into streamed pieces.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { citationFilter, markersOf, sanitizeCitations } from './citations.js';

// Text rich in brackets and digits, where bad markers and split markers are likely.
const piece = fc.oneof(fc.constantFrom('[', ']', '[1]', '[2]', '[0]', '[12]', '[99]', '1', '0', ' ', 'a', '.', '[1', '0]', 'x]'), fc.string({ maxLength: 4 }));
const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));
const count = fc.integer({ min: 0, max: 12 });

const pointsSomewhere = (s: string, n: number) => markersOf(s).every((m) => m >= 1 && m <= n);

test('sanitizing leaves only markers of existing sources', () => {
  fc.assert(
    fc.property(text, count, (t, n) => pointsSomewhere(sanitizeCitations(t, n), n)),
    { numRuns: 2000 },
  );
});

test('a text whose markers are all good is left as it is', () => {
  const good = (n: number) =>
    fc
      .array(
        fc.oneof(
          fc.integer({ min: 1, max: Math.max(n, 1) }).map((k) => `[${k}]`),
          fc.stringMatching(/^[a-z .,]{0,6}$/),
        ),
        { maxLength: 20 },
      )
      .map((p) => p.join(''));
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(fc.constant(n), good(n))),
      ([n, t]) => sanitizeCitations(t, n) === t,
    ),
    { numRuns: 200 },
  );
});

test('streamed in any pieces, the emitted text has only good markers and needs no further cleaning', () => {
  fc.assert(
    fc.property(fc.array(text, { maxLength: 12 }), count, (chunks, n) => {
      const filter = citationFilter(n);
      const emitted = chunks.map((c) => filter.push(c)).join('') + filter.flush();
      expect(pointsSomewhere(emitted, n)).toBe(true);
      // Nothing emitted is taken back: each emitted prefix is final.
      expect(emitted).toBe(sanitizeCitations(emitted, n));
    }),
    { numRuns: 2000 },
  );
});
