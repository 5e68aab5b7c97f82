// A scheduled task's schedule (seed 003 §3 Task draft, §5 Schedule parsing): the kind and its
// fields become an RRULE expanded on wall-clock time in the task's zone (`tzid`) from `start_at`,
// so "every day at 09:00" stays 09:00 across daylight-saving changes. Pure: the clock comes in.
import * as rruleModule from 'rrule';
import { taskErrors } from './errors.js';
import { instantOf, isTimeZone, wallOf } from './zone.js';

// rrule is a CommonJS bundle for Node (its named exports sit on `default`) and ESM for Vite.
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

export const SCHEDULE_KINDS = ['ONCE', 'DAILY', 'WEEKLY', 'WEEKDAYS', 'MONTHLY', 'YEARLY'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** The schedule as the task modal sends it: month 1 to 12, dayOfWeek 0 (Sunday) to 6. */
export type ScheduleInput = {
  kind: string;
  year?: number | null;
  month?: number | null;
  day?: number | null;
  hour?: number | null;
  minute?: number | null;
  dayOfWeek?: number | null;
};

/** The schedule as kept: the kind, the RRULE (no DTSTART), the instant it starts from and its zone. */
export type Schedule = { kind: ScheduleKind; rrule: string; start_at: string; tzid: string };

/** Days after the first run a preview (beta or alpha) model's task ends, by kind (seed 003 §5, §9). */
export const DEFAULT_EXPIRY_DAYS: Partial<Record<ScheduleKind, number>> = { DAILY: 14, WEEKLY: 14, WEEKDAYS: 21 };

const DAY_MS = 86_400_000;
/** When a monthly or yearly schedule names no time: a morning run. */
const DEFAULT_HOUR = 9;
const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const given = (n: number | null | undefined): n is number => typeof n === 'number';

function checkRange(s: ScheduleInput) {
  const ranges: [keyof ScheduleInput, number, number][] = [
    ['year', 1970, 9999],
    ['month', 1, 12],
    ['day', 1, 31],
    ['hour', 0, 23],
    ['minute', 0, 59],
    ['dayOfWeek', 0, 6],
  ];
  for (const [field, min, max] of ranges) {
    const v = s[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      throw taskErrors.invalidSchedule(`${field} must be a whole number from ${min} to ${max}.`);
  }
}

/** Whether the day exists in that month of that year (31 February never does). */
const dateExists = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;

/** The fields each kind needs (seed 003 §5); without them the schedule falls back to once. */
function complete(s: ScheduleInput, kind: ScheduleKind) {
  switch (kind) {
    case 'WEEKLY':
      return given(s.dayOfWeek) && given(s.hour) && given(s.minute);
    case 'DAILY':
    case 'WEEKDAYS':
      return given(s.hour) && given(s.minute);
    case 'MONTHLY':
      return given(s.day);
    case 'YEARLY':
      return given(s.month) && given(s.day);
    case 'ONCE':
      return true;
  }
}

const floorSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/**
 * Turns what the modal sent into a schedule. Unknown kinds, fields out of range, a zone Intl
 * does not know and impossible dates are refused; a kind missing a field it needs falls back to
 * once (`fellBack`, for the caller to log). A once schedule is never earlier than now.
 */
export function parseSchedule(input: ScheduleInput, tzid: string, now: Date): { schedule: Schedule; fellBack: boolean } {
  if (!(SCHEDULE_KINDS as readonly string[]).includes(input.kind)) throw taskErrors.unknownScheduleKind(input.kind);
  if (!isTimeZone(tzid)) throw taskErrors.invalidTimeZone();
  checkRange(input);
  const asked = input.kind as ScheduleKind;
  const fellBack = !complete(input, asked);
  const kind: ScheduleKind = fellBack ? 'ONCE' : asked;
  const start = floorSecond(now);
  const hour = input.hour ?? DEFAULT_HOUR;
  const minute = input.minute ?? 0;
  const at = `BYHOUR=${hour};BYMINUTE=${minute};BYSECOND=0`;
  const keep = (rrule: string): { schedule: Schedule; fellBack: boolean } => ({ schedule: { kind, rrule, start_at: start.toISOString(), tzid }, fellBack });
  switch (kind) {
    case 'DAILY':
      return keep(`FREQ=DAILY;${at}`);
    case 'WEEKDAYS':
      return keep(`FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;${at}`);
    case 'WEEKLY':
      return keep(`FREQ=WEEKLY;BYDAY=${WEEKDAY_CODES[input.dayOfWeek as number]};${at}`);
    case 'MONTHLY':
      return keep(`FREQ=MONTHLY;BYMONTHDAY=${input.day};${at}`);
    case 'YEARLY':
      // 29 February happens in leap years; 30 February or 31 April never does.
      if (!dateExists(2024, input.month as number, input.day as number)) throw taskErrors.impossibleDate();
      return keep(`FREQ=YEARLY;BYMONTH=${input.month};BYMONTHDAY=${input.day};${at}`);
    case 'ONCE': {
      // Fields not given are now's, in the task's zone.
      const nowWall = wallOf(start, tzid);
      const year = input.year ?? nowWall.getUTCFullYear();
      const month = input.month ?? nowWall.getUTCMonth() + 1;
      const day = input.day ?? nowWall.getUTCDate();
      if (!dateExists(year, month, day)) throw taskErrors.impossibleDate();
      const wall = new Date(Date.UTC(year, month - 1, day, input.hour ?? nowWall.getUTCHours(), input.minute ?? nowWall.getUTCMinutes()));
      const when = instantOf(wall, tzid);
      const startAt = when.getTime() < start.getTime() ? start : when;
      return { schedule: { kind, rrule: 'FREQ=DAILY;COUNT=1', start_at: startAt.toISOString(), tzid }, fellBack };
    }
  }
}

function ruleOf(s: Schedule) {
  return new RRule({ ...RRule.parseString(s.rrule), dtstart: wallOf(new Date(s.start_at), s.tzid), tzid: null });
}

/**
 * The schedule's runs after `after` (or at it, with `inclusive`), as instants, at most `count`.
 * Each comes from rrule's expansion on wall time, read in the zone (zone.ts for gaps and repeats).
 */
export function runsAfter(s: Schedule, after: Date, count: number, inclusive = false): Date[] {
  const rule = ruleOf(s);
  const out: Date[] = [];
  // Two days back in wall time covers any zone's offset: earlier ones are skipped below.
  let cursor: Date | null = new Date(Math.max(wallOf(after, s.tzid).getTime() - 2 * DAY_MS, wallOf(new Date(s.start_at), s.tzid).getTime() - 1000));
  for (let guard = 0; cursor && out.length < count && guard < count + 1000; guard++) {
    const w: Date | null = rule.after(cursor, false);
    if (!w) break;
    const t = instantOf(w, s.tzid);
    if (t.getTime() > after.getTime() || (inclusive && t.getTime() === after.getTime())) out.push(t);
    cursor = w;
  }
  return out;
}

/** The next run after `after`, or null when the schedule has no more. */
export const nextRunAfter = (s: Schedule, after: Date): Date | null => runsAfter(s, after, 1)[0] ?? null;

/** The first run: at `start_at` or after. */
export const firstRun = (s: Schedule): Date | null => runsAfter(s, new Date(s.start_at), 1, true)[0] ?? null;

/** A model in preview: its id or name says beta or alpha. */
export const isPreviewModel = (model: { id: string; name?: string }) => /\b(beta|alpha)\b/i.test(`${model.id} ${model.name ?? ''}`);

/** The default expiry (seed 003 §5): only for preview models, and only daily, weekly and weekdays schedules. */
export function defaultExpiry(kind: ScheduleKind, first: Date | null, preview: boolean): Date | null {
  const days = DEFAULT_EXPIRY_DAYS[kind];
  if (!preview || !days || !first) return null;
  return new Date(first.getTime() + days * DAY_MS);
}

/** The expiry kept: the one asked for, unless the next run falls beyond it, which reverts it to the default (seed 003 §4). */
export function effectiveExpiry(asked: Date | null, nextRun: Date | null, fallback: Date | null): Date | null {
  if (!asked) return fallback;
  if (nextRun && asked.getTime() < nextRun.getTime()) return fallback;
  return asked;
}
