// A term's id is the same wherever and however it stands (its ASCII capitals lowered), a new term
// gets the next id, and ids survive the table growing: the same as a Map of the lowered terms.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TermIds } from './term-ids.js';

test('term ids are a Map of the lowered terms, found where each term stands in its text', () => {
  const unit = fc.constantFrom('a', 'B', 'c', 'Z', '0', '9', 'é', 'ß');
  fc.assert(
    fc.property(fc.array(fc.string({ unit, minLength: 1, maxLength: 5 }), { maxLength: 3000 }), fc.string({ unit, maxLength: 3 }), (words, before) => {
      const ids = new TermIds();
      const expected = new Map<string, number>();
      for (const word of words) {
        // The term inside a longer text, at an offset: only its own units are read.
        const text = `${before}${word}${before}`;
        const id = ids.idOf(text, before.length, before.length + word.length);
        const lowered = word.replace(/[A-Z]/g, (c) => c.toLowerCase());
        if (!expected.has(lowered)) expected.set(lowered, expected.size);
        expect(id).toBe(expected.get(lowered));
      }
      expect(ids.terms).toEqual([...expected.keys()]);
    }),
    { numRuns: 60 },
  );
});

test('ten thousand terms keep their ids as the table grows', () => {
  const ids = new TermIds();
  const words = Array.from({ length: 10_000 }, (_, i) => `w${i.toString(36)}`);
  expect(words.map((w) => ids.idOf(w, 0, w.length))).toEqual(words.map((_, i) => i));
  expect(words.map((w) => ids.idOf(w.toUpperCase(), 0, w.length))).toEqual(words.map((_, i) => i));
});
