import fc from 'fast-check';
import { expect, test } from 'vitest';
import { collapse, sentences, wordCount } from './text.js';

// The sentence pattern the chunkers used before (a look-behind that a run of quotes could make scan back).
const OLD_SENTENCE_END = /(?<=[.!?…]['"”’)\]]*)\s+/;

test('sentences cut a line where the former pattern did, for any line', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', 'b', '.', '!', '?', '…', "'", '"', '”', ')', ']', ' ', '  ', '\t'), { maxLength: 40 }), (parts) => {
      const line = parts.join('');
      expect(sentences(line)).toEqual(line.split(OLD_SENTENCE_END));
    }),
    { numRuns: 2000 },
  );
});

test('collapse gives what replacing every whitespace run with a space and trimming gives, for any text', () => {
  const blanks = [' ', '  ', '\t', '\n', '\r', '\u00a0', '\u2003', '\ufeff', '\u3000'];
  fc.assert(
    fc.property(fc.array(fc.constantFrom('a', 'b', ':', ...blanks), { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      expect(collapse(text)).toBe(text.replace(/\s+/g, ' ').trim());
    }),
    { numRuns: 2000 },
  );
});

test('a long run of closing quotes after an end mark is read once', () => {
  const line = `It ended.${'"'.repeat(100_000)} Then more`;
  expect(sentences(line)).toEqual([`It ended.${'"'.repeat(100_000)}`, 'Then more']);
});

test('words are runs of letters and digits', () => {
  expect(wordCount('Ça va? 2 × 3 = six, l’été')).toBe(7);
  expect(wordCount(' \n ')).toBe(0);
});
