import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_FILE_LIMITS, parsePlanFileLimits, planOf } from '../shared/plans.js';
import { fitWithinLimits, LIMIT_MESSAGES } from './plan-limits.js';

describe('plan file limits', () => {
  it('fills in the seeds’ texts', () => {
    expect(LIMIT_MESSAGES.FILE_REPOSITORY_LIMIT_EXCEEDED(50)).toBe('You have reached the file limit of 50 files per repository.');
    expect(LIMIT_MESSAGES.USER_FILE_LIMIT_EXCEEDED(100)).toBe(
      "You've reached your total file limit of 100 files across My Files and all Spaces. Delete some files or upgrade your plan to add more",
    );
  });

  it('a plan comes only from a subscription: everyone is free unless one is paid for', () => {
    expect(planOf({ subscription_status: 'none' })).toBe('free');
    expect(planOf({ subscription_status: 'active' })).toBe('pro');
    expect(planOf({ subscription_status: 'trialing' })).toBe('pro');
    expect(planOf({ subscription_status: 'past_due' })).toBe('free');
    expect(planOf({ subscription_status: 'canceled' })).toBe('free');
  });

  it('creating an organisation lifts no limit: an organisation member without a subscription is free', () => {
    const member = { org_uuid: 'o', subscription_status: 'none' };
    expect(planOf(member)).toBe('free');
    expect(DEFAULT_PLAN_FILE_LIMITS[planOf(member)].per_repository).toBe(50);
  });

  it('parses FILE_LIMITS and refuses anything else', () => {
    expect(parsePlanFileLimits('')).toEqual(DEFAULT_PLAN_FILE_LIMITS);
    expect(parsePlanFileLimits('free=3/5').free).toEqual({ per_repository: 3, per_user: 5 });
    expect(parsePlanFileLimits(' pro=1/2 , enterprise=7/8').enterprise).toEqual({ per_repository: 7, per_user: 8 });
    for (const bad of ['free=3', 'gold=1/2', 'free=0/5', 'free=a/b']) expect(() => parsePlanFileLimits(bad)).toThrow(/per_repository\/per_user/);
  });

  it('never admits more than either limit allows, and names the limit that stopped it', () => {
    const arb = fc.record({ per_repository: fc.integer({ min: 1, max: 50 }), per_user: fc.integer({ min: 1, max: 80 }) });
    fc.assert(
      fc.property(arb, fc.nat(100), fc.nat(100), fc.boolean(), fc.integer({ min: 0, max: 10 }), (limits, inRepo, byUser, countsForUser, wanted) => {
        const { fits, reached } = fitWithinLimits(limits, { in_repository: inRepo, by_user: byUser, counts_for_user: countsForUser }, wanted);
        expect(fits).toBeGreaterThanOrEqual(0);
        expect(fits).toBeLessThanOrEqual(wanted);
        expect(inRepo + fits <= Math.max(inRepo, limits.per_repository)).toBe(true);
        if (countsForUser) expect(byUser + fits <= Math.max(byUser, limits.per_user)).toBe(true);
        expect(reached === null).toBe(fits === wanted);
        if (reached === 'USER_FILE_LIMIT_EXCEEDED') expect(countsForUser).toBe(true);
      }),
    );
  });
});
