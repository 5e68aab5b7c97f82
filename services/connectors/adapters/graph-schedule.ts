// Microsoft Graph's free/busy (POST /me/calendar/getSchedule, Calendars.Read): the busy intervals
// of the person's own Outlook calendar between two times. Asked in UTC, with Prefer:
// outlook.timezone="UTC" so the items come back in UTC; the mailbox address getSchedule needs is
// the person's own (/me). What availability reads; nothing is kept.
import { z } from 'zod';
import { type ProviderCallDeps, providerJson } from '../provider-call.js';
import type { BusyInterval } from './google-freebusy.js';
import { shapeOf } from './provider-shape.js';

/** Busy intervals read at most (a week of back-to-back meetings is far fewer). */
const MAX_BUSY = 2000;
/** What counts as busy of Graph's free/busy statuses (`free` and `workingElsewhere` leave the time open). */
const BUSY_STATUSES = new Set(['busy', 'tentative', 'oof']);
const PROVIDER = 'Microsoft Graph';

const meAnswer = z.object({ mail: z.string().nullish(), userPrincipalName: z.string().nullish() });
const graphTime = z.object({ dateTime: z.string().max(40), timeZone: z.string().max(100).nullish() });
const scheduleAnswer = z.object({
  value: z.array(
    z.object({
      error: z.object({ message: z.string().nullish(), responseCode: z.string().nullish() }).nullish(),
      scheduleItems: z.array(z.object({ status: z.string().nullish(), start: graphTime, end: graphTime })).nullish(),
    }),
  ),
});

/** Graph's `dateTime` (no offset, e.g. 2026-12-03T10:00:00.0000000) in UTC as asked; NaN for another zone. */
function utcMillis(t: z.infer<typeof graphTime>) {
  if (t.timeZone && !/^(utc|etc\/utc|gmt)$/i.test(t.timeZone)) return Number.NaN;
  return Date.parse(/([zZ]|[+-]\d\d:\d\d)$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`);
}

const graphDateTime = (d: Date) => ({ dateTime: d.toISOString().slice(0, 19), timeZone: 'UTC' });

export async function graphBusy(call: ProviderCallDeps, from: Date, to: Date): Promise<BusyInterval[]> {
  const me = shapeOf(meAnswer, await providerJson(call, '/me', { query: { $select: 'mail,userPrincipalName' } }), PROVIDER, 'profile');
  const address = me.mail || me.userPrincipalName;
  if (!address) throw new Error('Microsoft Graph named no mailbox address for the person');
  const body = await providerJson(call, '/me/calendar/getSchedule', {
    method: 'POST',
    headers: { Prefer: 'outlook.timezone="UTC"' },
    body: { schedules: [address], startTime: graphDateTime(from), endTime: graphDateTime(to), availabilityViewInterval: 30 },
  });
  const [schedule] = shapeOf(scheduleAnswer, body, PROVIDER, 'schedule').value;
  if (!schedule || schedule.error) throw new Error(`Microsoft Graph could not read the calendar (${schedule?.error?.responseCode ?? 'missing'})`);
  return (schedule.scheduleItems ?? [])
    .filter((item) => BUSY_STATUSES.has(item.status ?? 'busy'))
    .map((item) => ({ start: utcMillis(item.start), end: utcMillis(item.end) }))
    .filter((b) => !Number.isNaN(b.start) && !Number.isNaN(b.end) && b.end > b.start)
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_BUSY)
    .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
}
