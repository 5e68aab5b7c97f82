import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { acceptLanguageHeader, MAX_TEXTS, splitForTranslation } from './translation-text';

describe('the Accept-Language header from the browser languages', () => {
  test('first language unweighted, the rest in falling weights', () => {
    expect(acceptLanguageHeader(['de-CH', 'de', 'en'])).toBe('de-CH, de;q=0.9, en;q=0.8');
    expect(acceptLanguageHeader(['fr'])).toBe('fr');
  });
  test('never longer than the API accepts', () => {
    expect(acceptLanguageHeader(Array.from({ length: 20 }, () => 'zh-Hant-TW-x-private1')).length).toBeLessThanOrEqual(200);
  });
});

describe('splitting an answer for translation', () => {
  test('short answers go as one text', () => {
    expect(splitForTranslation('# Title\n\nOne paragraph.\n\n- a\n- b').texts).toEqual(['# Title\n\nOne paragraph.\n\n- a\n- b']);
  });

  test('long answers are cut on paragraph breaks', () => {
    const paragraph = 'word '.repeat(500).trim(); // 2 499 characters
    const { texts } = splitForTranslation([paragraph, paragraph, paragraph].join('\n\n'));
    expect(texts).toEqual([paragraph, paragraph, paragraph]);
  });

  test('joining the pieces gives the text back, and every piece fits the API', () => {
    const text = fc
      .array(fc.oneof(fc.string({ maxLength: 3000 }), fc.constantFrom('\n\n', '\n\n\n', ' ', 'x'.repeat(9000))), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const { texts, join } = splitForTranslation(t);
        expect(join(texts)).toBe(t);
        expect(texts.length).toBeLessThanOrEqual(MAX_TEXTS);
        for (const piece of texts) expect(piece.length).toBeLessThanOrEqual(20_000);
      }),
      { numRuns: 200 },
    );
  });

  test('translated pieces keep the original breaks between them', () => {
    const paragraph = 'word '.repeat(700).trim(); // 3 499 characters: two do not fit one piece
    const { texts, join } = splitForTranslation(`${paragraph}\n\n\n${paragraph}`);
    expect(texts).toHaveLength(2);
    expect(join(['A', 'B'])).toBe('A\n\n\nB');
  });
});
