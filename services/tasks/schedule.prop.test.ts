// For random schedules, zones and start times: the runs are rrule's own expansion read in the
// zone, strictly later each time, one per day for daily schedules (none skipped, none twice,
// even across daylight-saving changes), and a time in a gap lands just after it.
import fc from 'fast-check';
import * as rruleModule from 'rrule';
import { describe, expect, it } from 'vitest';
import { parseSchedule, runsAfter, type ScheduleInput } from './schedule.js';
import { instantOf, wallOf } from './zone.js';

const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham', 'Europe/London'];
const start = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });
const hour = fc.integer({ min: 0, max: 23 });
const minute = fc.integer({ min: 0, max: 59 });
const input: fc.Arbitrary<ScheduleInput> = fc.oneof(
  fc.record({ kind: fc.constant('DAILY'), hour, minute }),
  fc.record({ kind: fc.constant('WEEKDAYS'), hour, minute }),
  fc.record({ kind: fc.constant('WEEKLY'), dayOfWeek: fc.integer({ min: 0, max: 6 }), hour, minute }),
  fc.record({ kind: fc.constant('MONTHLY'), day: fc.integer({ min: 1, max: 31 }), hour, minute }),
  fc.record({ kind: fc.constant('YEARLY'), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }), hour, minute }),
);
const localDay = (d: Date, tz: string) => wallOf(d, tz).toISOString().slice(0, 10);

describe('scheduled runs', () => {
  it("equal rrule's own expansion on wall time, each read once in the zone", () => {
    fc.assert(
      fc.property(input, fc.constantFrom(...ZONES), start, (inp, tz, now) => {
        const { schedule } = parseSchedule(inp, tz, now);
        const runs = runsAfter(schedule, now, 12);
        const rule = new RRule({ ...RRule.parseString(schedule.rrule), dtstart: wallOf(new Date(schedule.start_at), tz), tzid: null });
        const expected = rule
          .all((_, i) => i < 40)
          .map((w) => instantOf(w, tz))
          .filter((t) => t > now)
          .slice(0, 12);
        expect(runs.map((d) => d.toISOString())).toEqual(expected.map((d) => d.toISOString()));
        for (let i = 1; i < runs.length; i++) expect(runs[i].getTime()).toBeGreaterThan(runs[i - 1].getTime());
        for (const r of runs) {
          const wall = wallOf(r, tz);
          // At the asked time, or (in a gap) after it by less than the gap, on the same day.
          const asked = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), inp.hour ?? 9, inp.minute ?? 0);
          expect(wall.getTime() - asked).toBeGreaterThanOrEqual(0);
          expect(wall.getTime() - asked).toBeLessThanOrEqual(2 * 3_600_000);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('run a daily schedule on every local day, once, across daylight-saving changes', () => {
    fc.assert(
      fc.property(hour, minute, fc.constantFrom(...ZONES), start, (h, m, tz, now) => {
        const { schedule } = parseSchedule({ kind: 'DAILY', hour: h, minute: m }, tz, now);
        const days = runsAfter(schedule, now, 120).map((r) => localDay(r, tz));
        expect(new Set(days).size).toBe(days.length);
        for (let i = 1; i < days.length; i++) expect(Date.parse(days[i]) - Date.parse(days[i - 1])).toBe(86_400_000);
      }),
      { numRuns: 20 },
    );
  });
});
