import { describe, expect, it } from 'vitest';
import { defaultExpiry, effectiveExpiry, firstRun, isPreviewModel, nextRunAfter, parseSchedule, runsAfter } from './schedule.js';
import { TASK_PROMPT_MAX } from './limits.js';
import { MAX_QUERY_LENGTH } from '../threads/index.js';

const now = new Date('2026-03-05T12:00:00Z'); // a Thursday

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'no error';
};

describe('schedule parsing (seed 003 §5)', () => {
  it('turns each kind into an RRULE', () => {
    expect(parseSchedule({ kind: 'DAILY', hour: 9, minute: 30 }, 'Europe/Paris', now).schedule.rrule).toBe('FREQ=DAILY;BYHOUR=9;BYMINUTE=30;BYSECOND=0');
    expect(parseSchedule({ kind: 'WEEKLY', dayOfWeek: 0, hour: 8, minute: 0 }, 'UTC', now).schedule.rrule).toBe(
      'FREQ=WEEKLY;BYDAY=SU;BYHOUR=8;BYMINUTE=0;BYSECOND=0',
    );
    expect(parseSchedule({ kind: 'WEEKDAYS', hour: 7, minute: 5 }, 'UTC', now).schedule.rrule).toContain('BYDAY=MO,TU,WE,TH,FR');
    expect(parseSchedule({ kind: 'MONTHLY', day: 31 }, 'UTC', now).schedule.rrule).toBe('FREQ=MONTHLY;BYMONTHDAY=31;BYHOUR=9;BYMINUTE=0;BYSECOND=0');
    expect(parseSchedule({ kind: 'YEARLY', month: 2, day: 29 }, 'UTC', now).schedule.rrule).toContain('BYMONTH=2;BYMONTHDAY=29');
  });

  it('falls back to once when a field the kind needs is missing', () => {
    const r = parseSchedule({ kind: 'WEEKLY', dayOfWeek: 1, hour: 9 }, 'UTC', now);
    expect(r.fellBack).toBe(true);
    expect(r.schedule.kind).toBe('ONCE');
    expect(parseSchedule({ kind: 'DAILY', hour: 9, minute: 0 }, 'UTC', now).fellBack).toBe(false);
  });

  it('never schedules a once task earlier than now', () => {
    const past = parseSchedule({ kind: 'ONCE', year: 2025, month: 1, day: 1, hour: 0, minute: 0 }, 'UTC', now).schedule;
    expect(past.start_at).toBe(now.toISOString());
    expect(firstRun(past)?.toISOString()).toBe(now.toISOString());
    const later = parseSchedule({ kind: 'ONCE', year: 2026, month: 3, day: 6, hour: 10, minute: 15 }, 'America/New_York', now).schedule;
    expect(firstRun(later)?.toISOString()).toBe('2026-03-06T15:15:00.000Z');
    expect(nextRunAfter(later, new Date('2026-03-06T15:15:00Z'))).toBeNull();
  });

  it('refuses unknown kinds, impossible dates, bad fields and unknown zones with stable codes', () => {
    expect(code(() => parseSchedule({ kind: 'HOURLY' }, 'UTC', now))).toBe('unknown_schedule_kind');
    expect(code(() => parseSchedule({ kind: 'ONCE', year: 2027, month: 2, day: 31, hour: 1, minute: 0 }, 'UTC', now))).toBe('impossible_date');
    expect(code(() => parseSchedule({ kind: 'YEARLY', month: 4, day: 31 }, 'UTC', now))).toBe('impossible_date');
    expect(code(() => parseSchedule({ kind: 'DAILY', hour: 24, minute: 0 }, 'UTC', now))).toBe('invalid_schedule');
    expect(code(() => parseSchedule({ kind: 'WEEKLY', dayOfWeek: 7, hour: 1, minute: 0 }, 'UTC', now))).toBe('invalid_schedule');
    expect(code(() => parseSchedule({ kind: 'DAILY', hour: 9, minute: 0 }, 'Mars/Olympus', now))).toBe('invalid_time_zone');
  });
});

describe('runs across daylight-saving changes', () => {
  it('keeps a daily 09:00 at 09:00 local time when the clocks change', () => {
    const s = parseSchedule({ kind: 'DAILY', hour: 9, minute: 0 }, 'Europe/Paris', new Date('2026-03-27T12:00:00Z')).schedule;
    const runs = runsAfter(s, new Date(s.start_at), 3).map((d) => d.toISOString());
    // 28 March is UTC+1, 29 and 30 March UTC+2.
    expect(runs).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('runs a time in the spring gap once, just after the gap, and a repeated autumn time once', () => {
    const spring = parseSchedule({ kind: 'DAILY', hour: 2, minute: 30 }, 'America/New_York', new Date('2026-03-07T12:00:00Z')).schedule;
    expect(runsAfter(spring, new Date(spring.start_at), 3).map((d) => d.toISOString())).toEqual([
      '2026-03-08T07:30:00.000Z', // 02:30 does not exist on 8 March: 03:30 EDT
      '2026-03-09T06:30:00.000Z',
      '2026-03-10T06:30:00.000Z',
    ]);
    const autumn = parseSchedule({ kind: 'DAILY', hour: 1, minute: 30 }, 'America/New_York', new Date('2026-10-31T12:00:00Z')).schedule;
    expect(runsAfter(autumn, new Date(autumn.start_at), 2).map((d) => d.toISOString())).toEqual([
      '2026-11-01T05:30:00.000Z', // the first 01:30 (EDT)
      '2026-11-02T06:30:00.000Z',
    ]);
  });
});

describe('expiry (seed 003 §5, §9)', () => {
  const first = new Date('2026-03-06T09:00:00Z');
  it('defaults to 14, 14 and 21 days after the first run for preview models only', () => {
    expect(defaultExpiry('DAILY', first, true)?.toISOString()).toBe('2026-03-20T09:00:00.000Z');
    expect(defaultExpiry('WEEKLY', first, true)?.toISOString()).toBe('2026-03-20T09:00:00.000Z');
    expect(defaultExpiry('WEEKDAYS', first, true)?.toISOString()).toBe('2026-03-27T09:00:00.000Z');
    for (const kind of ['ONCE', 'MONTHLY', 'YEARLY'] as const) expect(defaultExpiry(kind, first, true)).toBeNull();
    expect(defaultExpiry('DAILY', first, false)).toBeNull();
  });
  it('reverts an expiry before the next run to the default', () => {
    const fallback = new Date('2026-03-20T09:00:00Z');
    expect(effectiveExpiry(new Date('2026-03-01T00:00:00Z'), first, fallback)).toBe(fallback);
    expect(effectiveExpiry(new Date('2026-04-01T00:00:00Z'), first, fallback)?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(effectiveExpiry(null, first, null)).toBeNull();
  });
  it('tells preview models by a beta or alpha in their id or name', () => {
    expect(isPreviewModel({ id: 'sonar-beta' })).toBe(true);
    expect(isPreviewModel({ id: 'x', name: 'X (Alpha)' })).toBe(true);
    expect(isPreviewModel({ id: 'alphabet-7b', name: 'Alphabet' })).toBe(false);
  });
  it('takes prompts as long as questions', () => expect(TASK_PROMPT_MAX).toBe(MAX_QUERY_LENGTH));
});
