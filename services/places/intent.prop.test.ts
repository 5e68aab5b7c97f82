// The place classifier's rules as properties: a place word makes a place question wherever it
// stands; a question without letters never is one; "near me" never reaches the geocoder as words,
// only as the need for a position; the search terms stay short and keep the place's own name.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isPlacesQuestion, placeQueryOf } from './intent.js';

const PLACE = ['restaurant', 'hotel', 'coffee', 'museum', 'sushi', 'bakery', 'things to do', 'where to eat', 'pharmacy', 'park'];
const words = fc
  .array(fc.constantFrom('the', 'quiet', 'Berlin', 'Lisbon', 'with', 'view', 'old', 'town', 'vegan', 'late'), { maxLength: 6 })
  .map((w) => w.join(' '));

describe('isPlacesQuestion', () => {
  test('a place word makes a place question, whatever surrounds it', () => {
    fc.assert(fc.property(words, fc.constantFrom(...PLACE), words, (a, place, b) => isPlacesQuestion(`${a} ${place} ${b}`)));
  });
  test('a question without three letters in a row is never one', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9 ?!.,€$-]{0,40}$/), (q) => !isPlacesQuestion(q)));
  });
  test('questions about other things are not', () => {
    for (const q of ['why is the sky blue', 'how do I sort a list in python', 'buy a waterproof jacket under 200 euros', 'what is the capital of France'])
      expect(isPlacesQuestion(q)).toBe(false);
  });
  test('any text, however long, is classified without throwing', () => {
    fc.assert(fc.property(fc.string({ maxLength: 5000 }), (q) => typeof isPlacesQuestion(q) === 'boolean'));
  });
});

describe('placeQueryOf', () => {
  test('"near me" and its kin become the need for a position, never search words', () => {
    fc.assert(
      fc.property(fc.constantFrom('near me', 'nearby', 'around here', 'close to me'), fc.constantFrom(...PLACE), (near, place) => {
        const q = placeQueryOf(`best ${place} ${near}?`);
        return q.nearMe && !/\b(me|nearby|here)\b/i.test(q.terms) && q.terms.length > 0;
      }),
    );
  });
  test('a named place stays in the terms; asking words go', () => {
    expect(placeQueryOf('Where can I find good coffee near Alexanderplatz?')).toEqual({ terms: 'coffee near Alexanderplatz', nearMe: false });
    expect(placeQueryOf('recommend a hotel in Lisbon')).toEqual({ terms: 'hotel in Lisbon', nearMe: false });
    expect(placeQueryOf('sushi near me')).toEqual({ terms: 'sushi', nearMe: true });
  });
  test('terms are at most 200 characters and 12 words, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (q) => {
        const { terms } = placeQueryOf(q);
        return terms.length <= 200 && terms.split(' ').length <= 12 && terms === terms.trim();
      }),
    );
  });
});
