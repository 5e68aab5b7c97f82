import { describe, expect, it } from 'vitest';
import { ACCESS_OPTIONS, accessLabel, unavailableReason } from './access-options';

describe('share menu options', () => {
  it('offers all five access values of the seeds, in order from narrow to wide', () => {
    expect(ACCESS_OPTIONS.map((o) => o.value)).toEqual(['owner-only', 'private read', 'collection read', 'org read', 'public read']);
    expect(accessLabel('public read')).toBe('Anyone with the link');
  });

  it('keeps org read for people in an organisation and collection read for threads in a Space', () => {
    expect(unavailableReason('org read', { enterprise: false, inSpace: false })).toMatch(/organisation/);
    expect(unavailableReason('org read', { enterprise: true, inSpace: false })).toBeNull();
    expect(unavailableReason('collection read', { enterprise: true, inSpace: false })).toMatch(/Space/);
    expect(unavailableReason('collection read', { enterprise: false, inSpace: true })).toBeNull();
    for (const v of ['owner-only', 'private read', 'public read'] as const) expect(unavailableReason(v, { enterprise: false, inSpace: false })).toBeNull();
  });
});
