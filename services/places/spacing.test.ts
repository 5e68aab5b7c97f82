// The per-instance spacing of geocoder requests, on a pretend clock: requests start at least the
// interval apart, and one that would wait longer than allowed is refused without a slot.
import { expect, test } from 'vitest';
import { requestSpacing } from './spacing.js';

function clock() {
  let t = 1_000;
  const started: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
    started,
  };
}

test('requests start one interval apart', async () => {
  const c = clock();
  const s = requestSpacing(1000, 5000, c.now, c.sleep);
  for (let i = 0; i < 3; i++) {
    expect(await s.take()).toBe(true);
    c.started.push(c.now());
  }
  expect(c.started).toEqual([1000, 2000, 3000]);
});

test('a request that would wait past the limit is refused and takes no slot', async () => {
  let t = 0;
  const s = requestSpacing(
    1000,
    1500,
    () => t,
    async () => {},
  );
  expect(await s.take()).toBe(true); // starts at 0
  expect(await s.take()).toBe(true); // waits 1000
  expect(await s.take()).toBe(false); // would wait 2000
  t = 1000;
  expect(await s.take()).toBe(true); // slot at 2000, waits 1000
});
