// Each provider's pace, and the limiter spacing each connection's calls by its own provider's.
import { describe, expect, it } from 'vitest';
import { PACE_MS, paceOf } from './provider-pace.js';
import { RateLimiter } from './rate-limiter.js';

describe('the providers’ pace', () => {
  it('is each provider’s own for its connections, or the one set for all', () => {
    expect(paceOf('google:c1', null)).toBe(PACE_MS.google);
    expect(paceOf('slack:c2', null)).toBe(PACE_MS.slack);
    expect(paceOf('slack:c2', 0)).toBe(0);
    expect(paceOf('unknown:c3', null)).toBe(100);
    // Drive allows 12,000 calls a minute per user: 50 files a second is within its pace.
    expect(1000 / PACE_MS.google).toBeGreaterThanOrEqual(50);
  });

  it('spaces a connection’s calls by its provider’s pace, each connection apart', async () => {
    let now = 0;
    const waits: [string, number][] = [];
    const limiter = new RateLimiter(
      (key) => paceOf(key, null),
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    const take = async (key: string) => {
      const before = now;
      await limiter.take(key);
      waits.push([key, now - before]);
    };
    await take('google:a');
    await take('google:a');
    await take('slack:b');
    await take('slack:b');
    expect(waits).toEqual([
      ['google:a', 0],
      ['google:a', PACE_MS.google],
      ['slack:b', 0],
      ['slack:b', PACE_MS.slack],
    ]);
  });
});
