import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideProSearch, proSearchLimitView, proSearchQuotaStream, proSearchReachesWeb, quotaDay } from './pro-search-quota-decide.js';

const now = new Date('2026-12-03T23:59:00Z');

describe('the Pro Search quota', () => {
  it('gives a visitor quick answers with the sign-up prompt', () => {
    const d = decideProSearch({ userId: null, unlimited: false }, 0, 3, 'b1', now);
    expect(d).toMatchObject({ depth: 'quick', fallback: 'sign_in', events: [] });
    expect(d.depth === 'quick' && proSearchLimitView(d)).toEqual({
      reason: 'sign_in',
      title: 'Sign in or create an account',
      description: 'Unlock Pro Search and History',
      used: 0,
      limit: 0,
    });
  });

  it('does not count a plan with unlimited Pro Search', () => {
    expect(decideProSearch({ userId: 'u1', unlimited: true }, 999, 3, 'b1', now)).toEqual({ depth: 'pro', events: [] });
  });

  it('counts a Free person’s Pro Searches per UTC day, then answers quick with the upgrade prompt', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), (used, limit) => {
        const d = decideProSearch({ userId: 'u1', unlimited: false }, used, limit, 'b1', now);
        if (used < limit) {
          expect(d.depth).toBe('pro');
          expect(d.events).toEqual([{ type: 'ProSearchUsed', data: { user_id: 'u1', backend_uuid: 'b1', day: '2026-12-03', used_at: now.toISOString() } }]);
        } else {
          expect(d).toMatchObject({ depth: 'quick', fallback: 'quota', used, limit, events: [] });
          expect(d.depth === 'quick' && proSearchLimitView(d).reason).toBe('quota');
        }
      }),
    );
  });

  it('keeps each person’s day in its own stream', () => {
    expect(quotaDay(now)).toBe('2026-12-03');
    expect(quotaDay(new Date('2026-12-04T00:00:00Z'))).toBe('2026-12-04');
    expect(proSearchQuotaStream('u1', '2026-12-03')).not.toBe(proSearchQuotaStream('u2', '2026-12-03'));
  });

  it('counts a Pro Search only where the answer would search the web', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom('auto', 'web', 'help', 'files'), fc.option(fc.boolean()), fc.boolean(), (server, mode, spaceWeb, allowed) => {
        const reaches = proSearchReachesWeb({ serverSearchesWeb: server, mode, spaceWeb, webAllowed: allowed });
        // Never without the server's web search or against the organisation's policy.
        if (!server || !allowed) expect(reaches).toBe(false);
        // The user guide and files never search the web; a Space that keeps to its sources neither, in auto.
        if (mode === 'help' || mode === 'files' || (mode === 'auto' && spaceWeb === false)) expect(reaches).toBe(false);
        if (server && allowed && (mode === 'web' || (mode === 'auto' && spaceWeb !== false))) expect(reaches).toBe(true);
      }),
    );
  });
});
