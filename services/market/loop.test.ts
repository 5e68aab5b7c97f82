// The check loop on a fake clock: the first check soon after start, then one check at a time,
// each the interval (give or take the jitter) after the last ended; stop cancels and waits.
import fc from 'fast-check';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { PriceAlertCheckDeps } from './checker.js';
import { FIRST_CHECK_MAX_MS, nextCheckDelay, startPriceAlertLoop } from './loop.js';

test('the next delay stays within the jitter around the interval, and at least a second', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1_000, max: 86_400_000 }),
      fc.double({ min: 0, max: 0.5, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
      (interval, jitter, r) => {
        const d = nextCheckDelay(interval, jitter, r);
        expect(d).toBeGreaterThanOrEqual(Math.max(1_000, Math.floor(interval * (1 - jitter))));
        expect(d).toBeLessThanOrEqual(Math.max(1_000, Math.ceil(interval * (1 + jitter))));
      },
    ),
  );
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function deps(activeAlerts: PriceAlertCheckDeps['activeAlerts']) {
  return {
    activeAlerts,
    fire: async () => {},
    now: () => new Date(),
    logger: { warn: () => {}, error: () => {} },
  } as unknown as Omit<PriceAlertCheckDeps, 'signal'>;
}

test('checks come one at a time, the interval after the last one ended', async () => {
  let calls = 0;
  let release: (() => void) | undefined;
  const loop = startPriceAlertLoop(
    deps(() => {
      calls++;
      return new Promise((resolve) => {
        release = () => resolve([]);
      });
    }),
    { intervalMs: 60_000, random: () => 0.5, onError: () => {}, exclusive: (work) => work() },
  );
  await vi.advanceTimersByTimeAsync(FIRST_CHECK_MAX_MS);
  expect(calls).toBe(1);
  // A slow check: no second one starts while it runs, however long it takes.
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(calls).toBe(1);
  release?.();
  await vi.advanceTimersByTimeAsync(59_999);
  expect(calls).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(calls).toBe(2);
  const stopped = loop.stop();
  let done = false;
  void stopped.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  // Stop waits for the check under way, then no other starts.
  expect(done).toBe(false);
  release?.();
  await stopped;
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(calls).toBe(2);
});

test('a check that throws is reported and the loop goes on', async () => {
  const errors: unknown[] = [];
  let calls = 0;
  const loop = startPriceAlertLoop(
    deps(async () => {
      calls++;
      throw new Error('tasks unavailable');
    }),
    { intervalMs: 10_000, random: () => 0, onError: (err) => errors.push(err), exclusive: (work) => work() },
  );
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(9_000);
  expect(calls).toBe(2);
  expect(errors).toHaveLength(2);
  await loop.stop();
});
