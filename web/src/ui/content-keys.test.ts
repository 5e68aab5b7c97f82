import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKeys } from './content-keys';

describe('contentKeys', () => {
  it('keys a row by its text and tells repeats apart', () => {
    expect(contentKeys(['a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a#2', 'a#3']);
  });

  it('gives one distinct key per row, whatever the texts', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'a#2', '')), (texts) => {
        const keys = contentKeys(texts);
        expect(keys).toHaveLength(texts.length);
        expect(new Set(keys).size).toBe(texts.length);
      }),
    );
  });
});
