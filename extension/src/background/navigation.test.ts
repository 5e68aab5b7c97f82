import fc from 'fast-check';
import { expect, test } from 'vitest';
import { navigationTarget, offeredTabs } from './navigation';

test("an address without '://' gets https://; one with it is kept; back and forward move through history", () => {
  expect(navigationTarget('hotel.example/booking')).toEqual({ kind: 'url', url: 'https://hotel.example/booking' });
  expect(navigationTarget('http://plain.example/')).toEqual({ kind: 'url', url: 'http://plain.example/' });
  expect(navigationTarget(' Back ')).toEqual({ kind: 'back' });
  expect(navigationTarget('forward')).toEqual({ kind: 'forward' });
  fc.assert(
    fc.property(
      fc.string({ minLength: 1 }).filter((s) => !s.includes('://') && !['back', 'forward'].includes(s.trim().toLowerCase())),
      (s) => {
        const t = navigationTarget(s);
        return t.kind === 'url' && t.url === `https://${s.trim()}`;
      },
    ),
  );
});

test('only https and file tabs other than the current one are offered, at most 500', () => {
  const tabs = Array.from({ length: 700 }, (_, i) => ({ id: i, url: i % 2 ? `https://s${i}.example/` : `http://s${i}.example/`, title: `T${i}` }));
  const offered = offeredTabs([...tabs, { id: 1000, url: 'file:///x.html', title: 'X' }, { id: 1001, url: 'chrome://newtab/' }], 1);
  expect(offered.every((t) => /^(https|file):/.test(t.url) && t.id !== 1)).toBe(true);
  // 350 https tabs (odd ids) less the current one, and the file tab.
  expect(offered.length).toBe(350);
  expect(offeredTabs(tabs, 1).length).toBe(349);
  expect(
    offeredTabs(
      Array.from({ length: 600 }, (_, i) => ({ id: i, url: `https://s${i}.example/` })),
      undefined,
    ),
  ).toHaveLength(500);
});
