import { describe, expect, test } from 'vitest';
import { targetLanguage } from './language.js';

describe('target language from Accept-Language', () => {
  test.each([
    ['de-CH;q=0.9', 'de'],
    ['de', 'de'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['en;q=0.5, pt-BR', 'pt'],
    ['en;q=0.8, de;q=0.8', 'en'], // equal weights: the header's order
    ['*, es;q=0.5', 'es'],
    ['DE-at', 'de'],
    ['de;q=0, it', 'it'],
    ['x-pig-latin, nl;q=0.1', 'nl'],
    ['zh-Hant-TW ; q=0.7 , ja ; q=0.6', 'zh'],
  ])('%s → %s', (header, expected) => {
    expect(targetLanguage(header)).toBe(expected);
  });

  test.each([undefined, null, '', '*', 'de;q=0', 'de;q=2', ';;', 'not a language!', 'i-klingon'])('falls back to English for %s', (header) => {
    expect(targetLanguage(header)).toBe('en');
  });
});
