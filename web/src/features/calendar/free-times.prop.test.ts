// Free times over random calendars: never overlapping a busy time, inside working hours on working
// days, from now on, each long enough for a meeting, and every such stretch found.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MeetingDefaults } from '../../../../generated/react-query/model';
import { freeTimes } from './free-times';

const from = new Date(2026, 11, 7, 8, 30); // a Monday, 08:30 local time
const to = new Date(from.getTime() + 7 * 86_400_000);
const defaults: MeetingDefaults = { minutes: 30, day_start_hour: 9, day_end_hour: 17, weekdays: [1, 2, 3, 4, 5] };
const busyArb = fc.array(fc.record({ at: fc.integer({ min: -24 * 60, max: 8 * 24 * 60 }), length: fc.integer({ min: 5, max: 6 * 60 }) }), { maxLength: 25 });

test('free times avoid busy times, keep to working hours and days, and are long enough', () => {
  fc.assert(
    fc.property(busyArb, (raw) => {
      const busy = raw.map(({ at, length }) => ({
        start: new Date(from.getTime() + at * 60_000).toISOString(),
        end: new Date(from.getTime() + (at + length) * 60_000).toISOString(),
      }));
      const days = freeTimes(busy, defaults, from, to);
      for (const { day, free } of days) {
        expect(defaults.weekdays).toContain(day.getDay());
        for (const f of free) {
          expect(f.end.getTime() - f.start.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
          expect(f.start.getTime()).toBeGreaterThanOrEqual(from.getTime());
          expect(f.start.getHours() * 60 + f.start.getMinutes()).toBeGreaterThanOrEqual(9 * 60);
          expect(f.end.getDate() === f.start.getDate() && f.end.getHours() * 60 + f.end.getMinutes() <= 17 * 60).toBe(true);
          for (const b of busy) expect(Date.parse(b.end) <= f.start.getTime() || Date.parse(b.start) >= f.end.getTime()).toBe(true);
        }
        // A free half hour anywhere in working hours is inside one of the day's free times.
        for (let m = 9 * 60; m + 30 <= 17 * 60; m += 15) {
          const s = new Date(day);
          s.setHours(0, m, 0, 0);
          const e = new Date(s.getTime() + 30 * 60_000);
          if (s < from || e > to) continue;
          const clash = busy.some((b) => Date.parse(b.start) < e.getTime() && Date.parse(b.end) > s.getTime());
          if (!clash) expect(free.some((f) => f.start <= s && f.end >= e)).toBe(true);
        }
      }
    }),
  );
});

test('an empty calendar is free all working day, Saturday and Sunday left out', () => {
  const days = freeTimes([], defaults, from, to);
  // The window ends next Monday at 08:30, before its working hours: that day has no free time.
  expect(days.map((d) => d.day.getDay())).toEqual([1, 2, 3, 4, 5, 1]);
  expect(days[5].free).toEqual([]);
  expect(days[0].free).toEqual([{ start: new Date(2026, 11, 7, 9), end: new Date(2026, 11, 7, 17) }]);
  expect(days[1].free).toEqual([{ start: new Date(2026, 11, 8, 9), end: new Date(2026, 11, 8, 17) }]);
});
