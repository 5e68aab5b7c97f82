// The terms the app counts are plain BM25's tokens (runs of letters and digits in lower case,
// tests/bench/retrieval-bm25.ts), the heading twice, whatever the text.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { MAX_TERM_LENGTH, passageTerms, termsOf } from './terms.js';
import { wordCount } from './text.js';

const tokens = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length <= MAX_TERM_LENGTH);
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'B', 'z', '0', '9', ' ', '.', '-', "'", '\n', 'É', 'ß', 'İ', 'Ω', '日', '½', '\u0301', '😀') }),
  fc.string({ unit: 'grapheme' }),
);

test('a passage counts the tokens of plain BM25, its heading twice, and wordCount’s words', () => {
  fc.assert(
    fc.property(text, text, (heading, content) => {
      const expected = new Map<string, number>();
      for (const t of [...tokens(heading), ...tokens(heading), ...tokens(content)]) expected.set(t, (expected.get(t) ?? 0) + 1);
      const { counts, words } = passageTerms(heading, content);
      expect(counts).toEqual(expected);
      expect(words).toBe(2 * wordCount(heading) + wordCount(content));
      expect(termsOf(content)).toEqual(tokens(content));
    }),
    { numRuns: 2000 },
  );
});

test('a word too long for a lexeme is no term, but still counts as a word', () => {
  const long = 'x'.repeat(MAX_TERM_LENGTH + 1);
  expect(passageTerms('', `fine ${long}`)).toEqual({ counts: new Map([['fine', 1]]), words: 2 });
});
