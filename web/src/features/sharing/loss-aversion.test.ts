import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOSS_AVERSION_COOLDOWN_MS, lossAversionDue } from './loss-aversion';

const base = { pathname: '/search/how-x-1', anonymous: true, hasAnswer: true, lastShownAt: undefined, now: 1_000_000_000_000 };

describe('lossAversionDue', () => {
  it('shows on /search to an anonymous visitor with an answer, never elsewhere or to signed-in users', () => {
    expect(lossAversionDue(base)).toBe(true);
    expect(lossAversionDue({ ...base, pathname: '/library' })).toBe(false);
    expect(lossAversionDue({ ...base, pathname: '/searching' })).toBe(false);
    expect(lossAversionDue({ ...base, anonymous: false })).toBe(false);
    expect(lossAversionDue({ ...base, hasAnswer: false })).toBe(false);
  });

  it('cools down after showing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * LOSS_AVERSION_COOLDOWN_MS }), (ago) => {
        expect(lossAversionDue({ ...base, lastShownAt: base.now - ago })).toBe(ago >= LOSS_AVERSION_COOLDOWN_MS);
      }),
    );
  });
});
