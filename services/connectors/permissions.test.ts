// What a connection lacks of what its connector needs, from the scope the provider granted:
// Gmail with Calendar without mail, without calendar, or with both; other connectors and an
// unnamed scope lack nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALENDAR_READONLY, GMAIL_READONLY, missingPermissions } from './permissions.js';

describe('missing permissions', () => {
  it('names what Google did not grant Gmail with Calendar', () => {
    expect(missingPermissions('gmail', `openid email ${GMAIL_READONLY} ${CALENDAR_READONLY}`)).toEqual([]);
    expect(missingPermissions('gmail', `openid email ${GMAIL_READONLY}`)).toEqual(['calendar']);
    expect(missingPermissions('gmail', `${CALENDAR_READONLY},openid`)).toEqual(['mail']);
    expect(missingPermissions('gmail', 'openid email')).toEqual(['mail', 'calendar']);
    // A broader scope's name is not the read-only one asked: only exact names count.
    expect(missingPermissions('gmail', `${GMAIL_READONLY}.extra ${CALENDAR_READONLY}`)).toEqual(['mail']);
  });

  it('lacks nothing for other connectors, or when the provider did not name what it granted', () => {
    expect(missingPermissions('gmail', null)).toEqual([]);
    fc.assert(
      fc.property(fc.constantFrom('google_drive', 'outlook', 'slack', 'nonsense'), fc.option(fc.string()), (name, scope) => {
        expect(missingPermissions(name, scope)).toEqual([]);
      }),
    );
  });
});
