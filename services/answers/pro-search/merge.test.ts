import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { mergeResults, pageKey } from './merge.js';

const result = (url: string): Passage => ({ url, title: url, heading: '', content: '', domain: 'e.org', published_date: null });

describe("merging a Pro Search's results", () => {
  it('takes the searches in turns and keeps a page found twice once, at its first place', () => {
    const merged = mergeResults(
      [[result('https://e.org/a'), result('https://e.org/b')], [result('https://E.org/a/#top'), result('https://e.org/c')], [result('https://e.org/d')]],
      10,
    );
    expect(merged.map((r) => r.url)).toEqual(['https://e.org/a', 'https://e.org/d', 'https://e.org/b', 'https://e.org/c']);
  });

  it('never repeats a page, never exceeds the bound, and keeps only pages that were found', () => {
    const url = fc.constantFrom('https://e.org/a', 'https://e.org/a/', 'https://e.org/b', 'https://e.org/b#x', 'https://f.org/c', 'not a url');
    fc.assert(
      fc.property(fc.array(fc.array(url.map(result), { maxLength: 6 }), { maxLength: 5 }), fc.nat(12), (perSearch, max) => {
        const merged = mergeResults(perSearch, max);
        expect(merged.length).toBeLessThanOrEqual(max);
        expect(new Set(merged.map((r) => pageKey(r.url))).size).toBe(merged.length);
        const found = new Set(perSearch.flat());
        for (const r of merged) expect(found.has(r)).toBe(true);
        // Every distinct page is kept while there is room.
        const distinct = new Set(perSearch.flat().map((r) => pageKey(r.url))).size;
        expect(merged.length).toBe(Math.min(distinct, max));
      }),
    );
  });
});
