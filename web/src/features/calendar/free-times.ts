// Free times from a calendar's busy intervals and the person's meeting defaults: on each working
// day (local time) of the window, the gaps inside working hours, from now on, long enough for a
// meeting. Pure, so the availability modal and its tests share it.
import type { MeetingDefaults } from '../../../../generated/react-query/model';

export type Interval = { start: Date; end: Date };
export type DayFreeTimes = { day: Date; free: Interval[] };

/** At most this many days are shown. */
export const MAX_DAYS = 14;

export function freeTimes(busy: readonly { start: string; end: string }[], defaults: MeetingDefaults, from: Date, to: Date): DayFreeTimes[] {
  const taken = busy.map((b) => ({ start: new Date(b.start), end: new Date(b.end) })).sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: DayFreeTimes[] = [];
  const day = new Date(from);
  day.setHours(0, 0, 0, 0);
  for (let n = 0; n < MAX_DAYS && day < to; n++, day.setDate(day.getDate() + 1)) {
    if (!defaults.weekdays.includes(day.getDay())) continue;
    const open = new Date(day);
    open.setHours(defaults.day_start_hour, 0, 0, 0);
    const close = new Date(day);
    close.setHours(defaults.day_end_hour, 0, 0, 0);
    let cursor = new Date(Math.max(open.getTime(), from.getTime()));
    const end = new Date(Math.min(close.getTime(), to.getTime()));
    const free: Interval[] = [];
    for (const b of taken) {
      if (b.end <= cursor || b.start >= end) continue;
      if (b.start > cursor) free.push({ start: cursor, end: b.start });
      if (b.end > cursor) cursor = b.end;
    }
    if (cursor < end) free.push({ start: cursor, end });
    out.push({ day: new Date(day), free: free.filter((f) => f.end.getTime() - f.start.getTime() >= defaults.minutes * 60_000) });
  }
  return out;
}
