import { describe, expect, test, vi } from 'vitest';
import type { Translator } from './libretranslate.js';
import { translateTexts } from './translate.js';

const logger = () => ({ warn: vi.fn() });
const upper: Translator = async (texts) => texts.map((t) => t.toUpperCase());

describe('translating texts', () => {
  test('each text translated, in order', async () => {
    const log = logger();
    expect(await translateTexts(['one', 'two'], 'de', { translator: upper, logger: log })).toEqual({
      translated_texts: ['ONE', 'TWO'],
      translated: true,
      target_language: 'de',
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  test('no translation server: the originals, not translated', async () => {
    expect(await translateTexts(['one'], 'de', { translator: null, logger: logger() })).toEqual({
      translated_texts: ['one'],
      translated: false,
      target_language: 'de',
    });
  });

  test('blank texts are not sent and keep their place', async () => {
    const translator = vi.fn(upper);
    expect((await translateTexts(['', 'a', '  ', 'b'], 'fr', { translator, logger: logger() })).translated_texts).toEqual(['', 'A', '  ', 'B']);
    expect(translator).toHaveBeenCalledWith(['a', 'b'], 'fr');
  });

  test('only blank texts: no call at all', async () => {
    const translator = vi.fn(upper);
    expect(await translateTexts(['', ' '], 'en', { translator, logger: logger() })).toEqual({
      translated_texts: ['', ' '],
      translated: true,
      target_language: 'en',
    });
    expect(translator).not.toHaveBeenCalled();
  });

  test.each([
    [
      'an error',
      (async () => {
        throw new Error('answered 500');
      }) as Translator,
    ],
    ['a wrong number of texts', (async (texts: string[]) => texts.slice(1)) as Translator],
    [
      'a timeout',
      (async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      }) as Translator,
    ],
  ])('%s: the originals, not translated, and a warning', async (_, translator) => {
    const log = logger();
    expect(await translateTexts(['one', 'two'], 'de', { translator, logger: log })).toEqual({
      translated_texts: ['one', 'two'],
      translated: false,
      target_language: 'de',
    });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ target: 'de', err: expect.any(Error) }),
      'translation failed; returning the original texts',
    );
  });
});
