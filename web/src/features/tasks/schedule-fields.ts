// The scheduled task form's fields and how they become the schedule the server takes (seed 003 §3:
// month 1 to 12, dayOfWeek 0 = Sunday), and back from a saved task's RRULE for editing.
import type { TaskScheduleInput } from '../../../../generated/react-query/model';

export const FREQUENCIES = [
  ['ONCE', 'Once'],
  ['DAILY', 'Daily'],
  ['WEEKLY', 'Weekly'],
  ['WEEKDAYS', 'Weekdays'],
  ['MONTHLY', 'Monthly'],
  ['YEARLY', 'Yearly'],
] as const;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

export type ScheduleFields = { kind: string; date: string; time: string; dayOfWeek: number; day: number; month: number };

const pad = (n: number) => String(n).padStart(2, '0');

export function defaultFields(now = new Date()): ScheduleFields {
  const tomorrow = new Date(now.getTime() + 86_400_000);
  return {
    kind: 'DAILY',
    date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
    time: '09:00',
    dayOfWeek: 1,
    day: 1,
    month: 1,
  };
}

export function scheduleOf(f: ScheduleFields): TaskScheduleInput {
  const [hour, minute] = f.time.split(':').map(Number);
  const at = { hour, minute };
  switch (f.kind) {
    case 'ONCE': {
      const [year, month, day] = f.date.split('-').map(Number);
      return { kind: 'ONCE', year, month, day, ...at };
    }
    case 'WEEKLY':
      return { kind: 'WEEKLY', dayOfWeek: f.dayOfWeek, ...at };
    case 'MONTHLY':
      return { kind: 'MONTHLY', day: f.day, ...at };
    case 'YEARLY':
      return { kind: 'YEARLY', month: f.month, day: f.day, ...at };
    default:
      return { kind: f.kind, ...at };
  }
}

/** The fields a saved schedule shows in the form (its RRULE read back; once: its start in its zone). */
export function fieldsOf(s: { kind: string; rrule: string; start_at: string; tzid: string }): ScheduleFields {
  const parts = Object.fromEntries(s.rrule.split(';').map((p) => p.split('=')));
  const f = defaultFields();
  const time = parts.BYHOUR !== undefined ? `${pad(Number(parts.BYHOUR))}:${pad(Number(parts.BYMINUTE ?? 0))}` : f.time;
  if (s.kind === 'ONCE') {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone: s.tzid,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const local = Object.fromEntries(format.formatToParts(new Date(s.start_at)).map((p) => [p.type, p.value]));
    return { ...f, kind: 'ONCE', date: `${local.year}-${local.month}-${local.day}`, time: `${local.hour}:${local.minute}` };
  }
  return {
    ...f,
    kind: s.kind,
    time,
    dayOfWeek: parts.BYDAY && s.kind === 'WEEKLY' ? Math.max(0, CODES.indexOf(parts.BYDAY)) : f.dayOfWeek,
    day: parts.BYMONTHDAY ? Number(parts.BYMONTHDAY) : f.day,
    month: parts.BYMONTH ? Number(parts.BYMONTH) : f.month,
  };
}

/** "Daily at 09:00 (Europe/Paris)" for the lists. */
export function describeSchedule(s: { kind: string; rrule: string; start_at: string; tzid: string }) {
  const f = fieldsOf(s);
  const label = FREQUENCIES.find(([k]) => k === s.kind)?.[1] ?? s.kind;
  const on =
    s.kind === 'ONCE'
      ? ` on ${f.date}`
      : s.kind === 'WEEKLY'
        ? ` on ${WEEKDAYS[f.dayOfWeek]}`
        : s.kind === 'MONTHLY'
          ? ` on day ${f.day}`
          : s.kind === 'YEARLY'
            ? ` on ${f.month}/${f.day}`
            : '';
  return `${label}${on} at ${f.time} (${s.tzid})`;
}
