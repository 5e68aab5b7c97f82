import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideRate, monthOf, retryAfterSeconds, secondsToNextMonth, WINDOW_MS, windowStart } from './rate-window.js';

const moment = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true });

describe('the per-key rate window', () => {
  test('a moment lies in its window, which starts on a whole minute', () => {
    fc.assert(
      fc.property(moment, (now) => {
        const start = windowStart(now).getTime();
        expect(start % WINDOW_MS).toBe(0);
        expect(start).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime()).toBeLessThan(start + WINDOW_MS);
      }),
    );
  });

  test('Retry-After is 1 to 60 seconds and reaches the next window', () => {
    fc.assert(
      fc.property(moment, (now) => {
        const wait = retryAfterSeconds(now);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(60);
        expect(windowStart(new Date(now.getTime() + wait * 1000)).getTime()).toBeGreaterThan(windowStart(now).getTime());
      }),
    );
  });

  test('a request fits while fewer than the limit were admitted, and is refused from then on', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 500 }), moment, (used, limit, now) => {
        const decision = decideRate(used, limit, now);
        expect(decision.allowed).toBe(used < limit);
        if (!decision.allowed) expect(decision.retryAfterSeconds).toBe(retryAfterSeconds(now));
      }),
    );
  });

  test('a spent month waits until the next month starts', () => {
    fc.assert(
      fc.property(moment, (now) => {
        const wait = secondsToNextMonth(now);
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(monthOf(new Date(now.getTime() + wait * 1000))).not.toBe(monthOf(now));
        expect(monthOf(new Date(now.getTime() + (wait - 1) * 1000 - 1))).toBe(monthOf(now));
      }),
    );
  });
});
