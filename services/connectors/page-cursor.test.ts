// The picker's page cursors: any provider cursor comes back as it went out, and anything that is
// not one of ours is refused as an invalid cursor, never handed to a provider.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';

describe('page cursors', () => {
  it('come back as they went out, as one plain query value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 500, unit: 'grapheme' }), (cursor) => {
        const sent = encodePageCursor(cursor) ?? '';
        expect(sent).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodePageCursor(sent)).toBe(cursor);
      }),
    );
    expect(encodePageCursor(null)).toBeNull();
    expect(decodePageCursor(undefined)).toBeNull();
  });

  it('refuse what is not base64url', () => {
    for (const bad of ['/sites?x=1', 'a.b', 'a=b', 'a b']) expect(() => decodePageCursor(bad)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
  });
});
