// Each provider's pace, and the limiter spacing each connection's calls by its own provider's.
import { describe, expect, it } from 'vitest';
import { CONNECTOR_PACE_MS, PACE_MS, paceOf } from './provider-pace.js';
import { RateLimiter } from './rate-limiter.js';

describe('the providers’ pace', () => {
  it('is each provider’s own for its connections, or the one set for all', () => {
    expect(paceOf('google:c1', null)).toBe(PACE_MS.google);
    expect(paceOf('slack:c2', null)).toBe(PACE_MS.slack);
    expect(paceOf('slack:c2', 0)).toBe(0);
    expect(paceOf('unknown:c3', null)).toBe(100);
    // Drive allows 12,000 calls a minute per user (200 a second): its pace is its own, at half of that.
    expect(paceOf('google:google_drive:c4', null)).toBe(CONNECTOR_PACE_MS.google_drive);
    expect(paceOf('google:gmail:c5', null)).toBe(PACE_MS.google);
    expect(1000 / paceOf('google:google_drive:c4', null)).toBeGreaterThanOrEqual(100);
    expect(1000 / paceOf('google:google_drive:c4', null)).toBeLessThanOrEqual(200);
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
