// How long a provider asked to wait: Retry-After on a 429 or 503, and GitHub's 403s (a secondary
// limit's Retry-After, the hourly limit's reset time); any other answer asks for nothing.
import { describe, expect, it } from 'vitest';
import { pacedWaitMs } from './provider-call.js';

const answer = (status: number, headers: Record<string, string>) => ({ status, headers: new Headers(headers) });
const NOW = Date.parse('2026-12-01T10:00:00Z');

describe('the wait a provider asks for', () => {
  it('reads Retry-After on 429, 503 and 403', () => {
    expect(pacedWaitMs(answer(429, { 'retry-after': '3' }), NOW)).toBe(3000);
    expect(pacedWaitMs(answer(503, { 'retry-after': 'Tue, 01 Dec 2026 10:00:05 GMT' }), NOW)).toBe(5000);
    expect(pacedWaitMs(answer(403, { 'retry-after': '60' }), NOW)).toBe(60_000);
    expect(pacedWaitMs(answer(429, {}), NOW)).toBeNull();
  });

  it("reads GitHub's hourly reset on a 403 with nothing remaining, and nothing else on a 403", () => {
    expect(pacedWaitMs(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 90) }), NOW)).toBe(90_000);
    expect(pacedWaitMs(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 5) }), NOW)).toBe(0);
    expect(pacedWaitMs(answer(403, { 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': String(NOW / 1000 + 90) }), NOW)).toBeNull();
    expect(pacedWaitMs(answer(403, {}), NOW)).toBeNull();
    expect(pacedWaitMs(answer(500, { 'retry-after': '3' }), NOW)).toBeNull();
  });
});
