// When an app connection walks everything again instead of reading its delta: only an app whose
// deltas miss deletions, never walked since walks were kept, or walked at least the interval ago.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileDue } from './app-sync.js';

const now = new Date('2026-12-03T10:00:00Z');
const DAY = 86_400_000;

describe('a walk again', () => {
  it('is due once the interval has passed since the last walk, or when there was none', () => {
    expect(reconcileDue(true, null, now, DAY)).toBe(true);
    expect(reconcileDue(true, new Date(now.getTime() - DAY + 1), now, DAY)).toBe(false);
    expect(reconcileDue(true, new Date(now.getTime() - DAY), now, DAY)).toBe(true);
    expect(reconcileDue(true, now, now, 0)).toBe(true);
  });

  it('is never due for an app whose deltas report deletions, whatever the times', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: 0, max: 40 * DAY })), fc.integer({ min: 0, max: 30 * DAY }), (ago, interval) => {
        const at = ago === null ? null : new Date(now.getTime() - ago);
        expect(reconcileDue(false, at, now, interval)).toBe(false);
        expect(reconcileDue(true, at, now, interval)).toBe(at === null || now.getTime() - at.getTime() >= interval);
      }),
    );
  });
});
