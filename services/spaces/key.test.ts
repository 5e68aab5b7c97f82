import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_LENGTH, spaceKey, spaceSlug, uuidFromKey, uuidFromSlugOrKey } from './key.js';

describe('Space keys and slugs (the last 22 characters of a slug are the key)', () => {
  it('turns every uuid into a 22-character key and back', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        const key = spaceKey(uuid);
        expect(key).toHaveLength(KEY_LENGTH);
        expect(uuidFromKey(key)).toBe(uuid.toLowerCase());
      }),
    );
  });

  it('finds the Space from any slug, whatever the title was when it was made', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ maxLength: 120 }), fc.string({ maxLength: 120 }), (uuid, before, after) => {
        const old = spaceSlug(before, uuid);
        expect(old.slice(-KEY_LENGTH)).toBe(spaceKey(uuid));
        expect(uuidFromSlugOrKey(old)).toBe(uuid.toLowerCase());
        expect(uuidFromSlugOrKey(spaceSlug(after, uuid))).toBe(uuid.toLowerCase());
      }),
    );
  });

  it('reads a readable slug, a bare key and a uuid; refuses the rest', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(spaceSlug('Trip to Lisbon!', uuid)).toBe(`trip-to-lisbon-${spaceKey(uuid)}`);
    expect(spaceSlug('!!!', uuid)).toBe(`space-${spaceKey(uuid)}`);
    expect(uuidFromSlugOrKey(spaceKey(uuid))).toBe(uuid);
    expect(uuidFromSlugOrKey(uuid.toUpperCase())).toBe(uuid);
    expect(uuidFromSlugOrKey('too-short')).toBeNull();
    expect(uuidFromSlugOrKey('x'.repeat(30) + '!'.repeat(22))).toBeNull();
  });
});
