import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markersOf, removeCitations } from './citations.js';

const answer = (count: number) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom('Some text', ' and more.', '\n\n', ' words'),
        fc.integer({ min: 1, max: count + 2 }).map((n) => ` [${n}]`),
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(''));

describe('removeCitations', () => {
  it('leaves only markers that point at a remaining source, in range', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 8 })
          .chain((count) => fc.tuple(fc.constant(count), answer(count), fc.subarray(Array.from({ length: count }, (_, i) => i + 1)))),
        ([count, text, removedList]) => {
          const out = removeCitations(text, count, new Set(removedList));
          const remaining = count - removedList.length;
          for (const n of markersOf(out)) expect(n >= 1 && n <= remaining).toBe(true);
          // Each surviving marker still names the same source it named before.
          const kept = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !removedList.includes(n));
          const before = markersOf(text)
            .filter((n) => kept.includes(n))
            .map((n) => kept.indexOf(n) + 1);
          expect(markersOf(out)).toEqual(before);
        },
      ),
    );
  });

  it('drops the removed marker with its space and renumbers the rest', () => {
    expect(removeCitations('Alpha [1]. Beta [2]. Gamma [3] [2].', 3, new Set([2]))).toBe('Alpha [1]. Beta. Gamma [2].');
    expect(removeCitations('Only [1].', 1, new Set([1]))).toBe('Only.');
  });

  it('keeps the space before a run of markers while one of them stays', () => {
    expect(removeCitations('B [2][3].', 3, new Set([2]))).toBe('B [2].');
    expect(removeCitations('B [2][3].', 3, new Set([3]))).toBe('B [2].');
    expect(removeCitations('B [1][2][3].', 3, new Set([1, 3]))).toBe('B [1].');
    expect(removeCitations('B [2][3].', 3, new Set([2, 3]))).toBe('B.');
  });
});
