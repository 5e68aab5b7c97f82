import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isBuyingQuestion, shoppingQueryOf } from './buying-intent.js';

test.each(['a waterproof hiking jacket under 200 euros', 'where can I buy running shoes', 'cheapest 4k monitor', 'trail boots for €120', 'best laptop price'])(
  '"%s" is a buying question',
  (q) => {
    expect(isBuyingQuestion(q)).toBe(true);
  },
);

test.each(['what is the capital of France', 'explain photosynthesis', 'in order to learn rust, where do I start', 'kids under 5 and screen time'])(
  '"%s" is not',
  (q) => {
    expect(isBuyingQuestion(q)).toBe(false);
  },
);

test('the price cap becomes a filter and leaves the terms', () => {
  expect(shoppingQueryOf('a waterproof hiking jacket under 200 euros')).toEqual({ terms: 'waterproof hiking jacket', maxPriceMinor: 20000, currency: 'EUR' });
  expect(shoppingQueryOf('buy headphones below $49.99')).toEqual({ terms: 'headphones', maxPriceMinor: 4999, currency: 'USD' });
  expect(shoppingQueryOf('cheap tent')).toEqual({ terms: 'tent', maxPriceMinor: null, currency: null });
});

test('any question with a shopping word and a thing is a buying question, and its terms keep the thing', () => {
  const word = fc.constantFrom('jacket', 'tent', 'boots', 'kettle', 'headphones');
  const ask = fc.constantFrom('buy a', 'cheapest', 'where can I buy', 'price of a', 'shopping for');
  fc.assert(
    fc.property(ask, word, fc.integer({ min: 1, max: 5000 }), fc.constantFrom('euros', 'dollars', '€', 'GBP'), (a, w, n, cur) => {
      const q = `${a} ${w} under ${n} ${cur}`;
      expect(isBuyingQuestion(q)).toBe(true);
      const s = shoppingQueryOf(q);
      expect(s.terms.split(' ')).toContain(w);
      expect(s.maxPriceMinor).toBe(n * 100);
    }),
  );
});

test('whatever the text, the classifier answers and the terms are short plain words', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 3000 }), (q) => {
      expect(typeof isBuyingQuestion(q)).toBe('boolean');
      const s = shoppingQueryOf(q);
      expect(s.terms.split(' ').length).toBeLessThanOrEqual(16);
      expect(s.terms).not.toMatch(/[<>&|!():*'"]/);
    }),
  );
});
