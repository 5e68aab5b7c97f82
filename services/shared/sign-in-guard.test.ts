import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createSignInGuard, FIRST_DELAY_MS, MAX_DELAY_MS, SIGN_IN_WINDOW_MS, signInVerdict } from './sign-in-guard.js';

const LIMIT = 10;

describe('signInVerdict', () => {
  test('a client with fewer than `limit` failures on the account is never refused, whoever else failed on it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: LIMIT - 1 }), fc.integer({ min: 0, max: 500 }), (own, others) => {
        const pair = Array.from({ length: own }, (_, i) => i);
        const verdict = signInVerdict({
          pairFailures: pair,
          accountFailures: [...pair, ...Array.from({ length: others }, (_, i) => i)],
          limit: LIMIT,
          now: 1000,
        });
        expect(verdict.kind).toBe('go');
        if (verdict.kind === 'go') expect(verdict.delayMs).toBeLessThanOrEqual(MAX_DELAY_MS);
      }),
    );
  });

  test('the delay grows with the failures past the limit and is capped', () => {
    const delay = (n: number) => {
      const v = signInVerdict({ pairFailures: [], accountFailures: Array(n).fill(0), limit: LIMIT, now: 0 });
      return v.kind === 'go' ? v.delayMs : -1;
    };
    expect([LIMIT - 1, LIMIT, LIMIT + 1, LIMIT + 2, LIMIT + 100].map(delay)).toEqual([0, FIRST_DELAY_MS, 2 * FIRST_DELAY_MS, 4 * FIRST_DELAY_MS, MAX_DELAY_MS]);
    fc.assert(fc.property(fc.nat(1000), (n) => delay(n + 1) >= delay(n)));
  });

  test('the client that made `limit` failures is refused until the oldest that counts leaves the window', () => {
    const pair = Array.from({ length: LIMIT }, (_, i) => i * 1000);
    const verdict = signInVerdict({ pairFailures: pair, accountFailures: pair, limit: LIMIT, now: pair.at(-1) as number });
    expect(verdict).toEqual({ kind: 'refuse', retryAfterSeconds: (SIGN_IN_WINDOW_MS - (LIMIT - 1) * 1000) / 1000 });
  });
});

describe('createSignInGuard', () => {
  const failTimes = (guard: ReturnType<typeof createSignInGuard>, account: string, client: string, n: number) => {
    for (let i = 0; i < n; i++) {
      const v = guard.attempt(account, client);
      expect(v.kind).toBe('go');
      v.kind === 'go' && v.settle?.('failed');
    }
  };

  test("a stranger's wrong passwords refuse the stranger and only slow the owner, who still gets in", () => {
    let now = 0;
    const guard = createSignInGuard(LIMIT, () => now);
    failTimes(guard, 'ada@example.com', 'stranger', LIMIT);
    expect(guard.attempt('Ada@Example.com ', 'stranger').kind).toBe('refuse');
    const owner = guard.attempt('ada@example.com', 'owner');
    expect(owner).toMatchObject({ kind: 'go', delayMs: FIRST_DELAY_MS });
    // The window passes: the stranger may try again.
    now += SIGN_IN_WINDOW_MS + 1;
    expect(guard.attempt('ada@example.com', 'stranger')).toMatchObject({ kind: 'go', delayMs: 0 });
  });

  test('attempts sent together count together; a success forgets its client’s failures; a reset forgets the account’s', () => {
    const guard = createSignInGuard(3, () => 0);
    const together = [guard.attempt('a@x', 'c'), guard.attempt('a@x', 'c'), guard.attempt('a@x', 'c')];
    expect(together.map((v) => v.kind)).toEqual(['go', 'go', 'go']);
    expect(guard.attempt('a@x', 'c').kind).toBe('refuse');
    for (const v of together) v.settle?.('succeeded');
    expect(guard.attempt('a@x', 'c')).toMatchObject({ kind: 'go', delayMs: 0 });

    const g = createSignInGuard(3, () => 0);
    failTimes(g, 'b@x', 'c', 3);
    failTimes(g, 'b@x', 'd', 2);
    expect(g.attempt('b@x', 'c').kind).toBe('refuse');
    g.forgetAccount('B@x');
    expect(g.attempt('b@x', 'c')).toMatchObject({ kind: 'go', delayMs: 0 });
  });
});
