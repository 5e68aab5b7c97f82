// Google Calendar's free/busy query (API v3 freeBusy, calendar.readonly): the busy intervals of
// the person's primary calendar between two times. What availability reads; nothing is kept.
import { z } from 'zod';
import { type ProviderCallDeps, providerJson } from '../provider-call.js';
import { shapeOf } from './provider-shape.js';

/** Busy intervals read at most (a week of back-to-back meetings is far fewer). */
const MAX_BUSY = 2000;

const freeBusyAnswer = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z.array(z.object({ start: z.string(), end: z.string() })).optional(),
      errors: z.array(z.object({ reason: z.string().optional() })).optional(),
    }),
  ),
});

export type BusyInterval = { start: string; end: string };

export async function googleBusy(call: ProviderCallDeps, from: Date, to: Date): Promise<BusyInterval[]> {
  const body = await providerJson(call, '/calendar/v3/freeBusy', {
    method: 'POST',
    body: { timeMin: from.toISOString(), timeMax: to.toISOString(), items: [{ id: 'primary' }] },
  });
  const primary = shapeOf(freeBusyAnswer, body, 'Google Calendar', 'free/busy answer').calendars.primary;
  if (!primary || primary.errors?.length) throw new Error(`Google Calendar could not read the primary calendar (${primary?.errors?.[0]?.reason ?? 'missing'})`);
  return (primary.busy ?? [])
    .slice(0, MAX_BUSY)
    .filter((b) => !Number.isNaN(Date.parse(b.start)) && !Number.isNaN(Date.parse(b.end)))
    .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
}
