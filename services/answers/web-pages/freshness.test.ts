import fc from 'fast-check';
import { expect, test } from 'vitest';
import { freshness } from './freshness.js';

const at = (iso: string) => new Date(iso);
const copy = (checked: string, etag: string | null = null, last_modified: string | null = null) => ({ checked_at: at(checked), etag, last_modified });

test('no copy is missing; a copy within its time to live is fresh', () => {
  expect(freshness(undefined, at('2026-01-01T00:00:00Z'), 60_000)).toBe('missing');
  expect(freshness(copy('2026-01-01T00:00:00Z', '"a"'), at('2026-01-01T00:00:59Z'), 60_000)).toBe('fresh');
});

test('past its time to live, a copy with a validator is revalidated and one without is fetched again', () => {
  const now = at('2026-01-01T00:01:00Z');
  expect(freshness(copy('2026-01-01T00:00:00Z', '"a"'), now, 60_000)).toBe('revalidate');
  expect(freshness(copy('2026-01-01T00:00:00Z', null, 'Thu, 14 Mar 2024 09:00:00 GMT'), now, 60_000)).toBe('revalidate');
  expect(freshness(copy('2026-01-01T00:00:00Z'), now, 60_000)).toBe('refetch');
});

test('a time to live of zero never serves a copy unasked; a copy from the future is fresh', () => {
  expect(freshness(copy('2026-01-01T00:00:00Z', '"a"'), at('2026-01-01T00:00:00Z'), 0)).toBe('revalidate');
  expect(freshness(copy('2026-01-01T00:05:00Z'), at('2026-01-01T00:00:00Z'), 1)).toBe('fresh');
});

test('freshness only ever ends: once stale, a later moment is stale too', () => {
  fc.assert(
    fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.nat(10_000_000), fc.boolean(), (ttl, age, more, hasEtag) => {
      const checked = new Date(1_700_000_000_000);
      const c = { checked_at: checked, etag: hasEtag ? '"x"' : null, last_modified: null };
      const first = freshness(c, new Date(checked.getTime() + age), ttl);
      const later = freshness(c, new Date(checked.getTime() + age + more), ttl);
      if (first !== 'fresh') expect(later).toBe(first);
      expect(first === 'fresh').toBe(age < ttl);
    }),
  );
});
