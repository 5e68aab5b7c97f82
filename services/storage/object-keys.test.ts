import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { join, resolve, sep } from 'node:path';
import { encodeKeyForUrl, InvalidObjectKeyError, isValidObjectKey, MAX_OBJECT_KEY_LENGTH, objectKeyProblem, objectPath } from './object-keys.js';

describe('object keys', () => {
  it('accepts segments of A-Z a-z 0-9 . _ - separated by /', () => {
    for (const key of ['a', 'files/6f1c2b9e-4d3a-4c1b-9a7e-2f3d4c5b6a7e/report.pdf', 'public/x_y-z.v2.png', '.hidden', 'a..b'])
      expect(isValidObjectKey(key)).toBe(true);
  });

  it('refuses traversal, empty segments, other characters and overlong keys', () => {
    for (const key of ['', '../x', 'a/../b', 'a/..', './a', '/a', 'a/', 'a//b', 'a\\b', 'a b', 'a%2e', 'é', 'a\0b', 'x'.repeat(MAX_OBJECT_KEY_LENGTH + 1)])
      expect(objectKeyProblem(key), key).not.toBeNull();
    expect(isValidObjectKey('x'.repeat(MAX_OBJECT_KEY_LENGTH))).toBe(true);
  });

  it('resolves a valid key under the folder and refuses ../x', () => {
    expect(objectPath('/data/storage/local', 'a/b.txt')).toBe(join('/data/storage/local', 'a', 'b.txt'));
    expect(() => objectPath('/data/storage/local', '../x')).toThrow(InvalidObjectKeyError);
  });

  it('never resolves any string to a path outside the folder', () => {
    const root = resolve('/srv/bucket');
    const pieces = fc.constantFrom('..', '.', '', 'a', 'b.txt', '%2e%2e', '\\..', '~', 'x/..');
    const arbKey = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(pieces, { maxLength: 6 }).map((p) => p.join('/')),
    );
    fc.assert(
      fc.property(arbKey, (key) => {
        let path: string | null = null;
        try {
          path = objectPath(root, key);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidObjectKeyError);
        }
        if (path !== null) {
          expect(path.startsWith(root + sep)).toBe(true);
          expect(isValidObjectKey(key)).toBe(true);
        }
      }),
    );
  });

  it('encodes each segment for a URL and keeps the slashes', () => {
    expect(encodeKeyForUrl('a/b c/d')).toBe('a/b%20c/d');
    expect(encodeKeyForUrl('files/x-1.pdf')).toBe('files/x-1.pdf');
  });
});
