import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideImageUploadExpiry, decideImageUploadStart, IMAGE_FORMS_PER_HOUR } from './decide.js';

const now = new Date('2026-11-26T10:00:00.000Z');

describe('image upload slots', () => {
  test('a form is handed out while the hour has room, and its object is removable after the pending time', () => {
    fc.assert(
      fc.property(
        fc.nat(2 * IMAGE_FORMS_PER_HOUR),
        fc.integer({ min: 2, max: 604_800 }),
        fc.option(fc.constantFrom('avatar', 'try_on')),
        (formsInLastHour, ttlSeconds, source) => {
          const events = decideImageUploadStart({ objectKey: 'public/images/a.png', userId: 'u1', source, formsInLastHour, ttlSeconds, now });
          if (formsInLastHour >= IMAGE_FORMS_PER_HOUR) expect(events).toBeNull();
          else
            expect(events).toEqual([
              {
                type: 'ImageUploadStarted',
                data: {
                  object_key: 'public/images/a.png',
                  user_id: 'u1',
                  started_at: now.toISOString(),
                  removable_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
                  source,
                },
              },
            ]);
        },
      ),
    );
  });

  test('a slot ends once, and only a slot that was handed out', () => {
    expect(decideImageUploadExpiry('pending', 'k', now)).toEqual([{ type: 'ImageUploadExpired', data: { object_key: 'k', expired_at: now.toISOString() } }]);
    expect(decideImageUploadExpiry('expired', 'k', now)).toEqual([]);
    expect(decideImageUploadExpiry('none', 'k', now)).toEqual([]);
  });
});
