// Whatever the answer and its sources: scores stay in 0..1, citations point at existing sources,
// and a sentence copied from the snippet it cites is supported (or, with too few content words
// for overlap to tell, weak with why).
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { checkAnswer, MIN_CHECKED_WORDS, TOO_SHORT_TO_CHECK } from './check-sources.js';
import { terms } from './extractive.js';

const word = fc.stringMatching(/^[a-z]{3,9}$/);
const sentence = fc.array(word, { minLength: 1, maxLength: 10 }).map((w) => `${w[0][0].toUpperCase()}${w.join(' ').slice(1)}.`);
const source = fc.record({ name: fc.string({ maxLength: 20 }), snippet: fc.string({ maxLength: 80 }) });
const noisy = fc
  .array(fc.oneof(fc.constantFrom('[1]', '[2]', '[0]', '[7]', ' ', '. ', '\n', '- '), fc.string({ maxLength: 8 }), sentence), { maxLength: 30 })
  .map((p) => p.join(''));

test('scores stay in 0..1 and citations point only at existing sources', () => {
  fc.assert(
    fc.property(noisy, fc.array(source, { maxLength: 4 }), (answer, sources) => {
      const { checks, sources_count } = checkAnswer(answer, sources);
      for (const c of checks) {
        expect(c.score).toBeGreaterThanOrEqual(0);
        expect(c.score).toBeLessThanOrEqual(1);
        expect(c.citations.every((n) => Number.isInteger(n) && n >= 1 && n <= sources.length)).toBe(true);
        expect(c.sentence).not.toMatch(/\[\d+\]/);
      }
      expect(sources_count).toBe(new Set(checks.flatMap((c) => c.citations)).size);
    }),
    { numRuns: 1000 },
  );
});

test('a sentence copied verbatim from the snippet it cites is supported when it has words enough to tell', () => {
  fc.assert(
    fc.property(fc.array(sentence, { minLength: 1, maxLength: 4 }), fc.array(sentence, { minLength: 1, maxLength: 3 }), (snippetSentences, others) => {
      const snippet = snippetSentences.join(' ');
      const copied = snippetSentences[0].replace(/\.$/, ' [2].');
      const answer = `${others.join(' ')}\n\n${copied}`;
      const { checks } = checkAnswer(answer, [
        { name: 'Other', snippet: others.join(' ') },
        { name: 'Cited', snippet },
      ]);
      // Stop words alone carry no content: such a sentence cannot be judged either way.
      const words = new Set(terms(snippetSentences[0])).size;
      if (words === 0) return;
      const check = checks.find((c) => c.citations.includes(2));
      if (words >= MIN_CHECKED_WORDS) expect(check).toMatchObject({ citations: [2], verdict: 'supported', score: 1 });
      else expect(check).toMatchObject({ citations: [2], verdict: 'weak', score: 1, reason: TOO_SHORT_TO_CHECK });
    }),
    { numRuns: 500 },
  );
});
