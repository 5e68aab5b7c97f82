// The time limit's rule: a job past its limit is ended when it worked (CPU) for half of it or more;
// a job its busy machine starved waits on, up to four times the limit in all.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { cpuTimeMs, overTime } from './pool.js';

test('a job that worked is ended at its limit; a starved one waits for the CPU it is owed', () => {
  expect(overTime({ limitMs: 30_000, wallMs: 30_000, cpuMs: 29_000 })).toEqual({ end: true });
  expect(overTime({ limitMs: 30_000, wallMs: 30_000, cpuMs: 15_000 })).toEqual({ end: true });
  expect(overTime({ limitMs: 30_000, wallMs: 30_000, cpuMs: 3_000 })).toEqual({ end: false, moreMs: 27_000 });
  expect(overTime({ limitMs: 30_000, wallMs: 110_000, cpuMs: 3_000 })).toEqual({ end: false, moreMs: 10_000 });
  expect(overTime({ limitMs: 30_000, wallMs: 120_000, cpuMs: 3_000 })).toEqual({ end: true });
  // Without a CPU figure (no /proc), the limit is the wall clock's, as it was.
  expect(overTime({ limitMs: 30_000, wallMs: 30_000, cpuMs: null })).toEqual({ end: true });
});

test('every job ends by four times its limit, and no job is ended before it', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 120_000 }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }),
      (limitMs, shares) => {
        // A job checked at its limit and then as the rule asks, using some share of each stretch in CPU.
        let wallMs = limitMs;
        let cpuMs = 0;
        let stretch = limitMs;
        for (const share of [...shares, ...Array(1000).fill(0)]) {
          cpuMs += share * stretch;
          const verdict = overTime({ limitMs, wallMs, cpuMs });
          if (verdict.end) return wallMs >= limitMs && wallMs <= 4 * limitMs + 10;
          stretch = verdict.moreMs;
          wallMs += stretch;
        }
        return false;
      },
    ),
  );
});

test("this process's CPU time reads from /proc, and a process that is gone has none", () => {
  const ms = cpuTimeMs(process.pid);
  expect(ms).toBeGreaterThan(0);
  expect(cpuTimeMs(2 ** 22 + 7)).toBeNull();
});
