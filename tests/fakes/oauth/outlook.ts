// The slice of Microsoft Graph v1.0 the Outlook adapter uses, on the Microsoft OAuth fake
// (provider.ts): /me/mailFolders/{inbox,sentitems}/messages/delta and /me/calendarView/delta
// (graph-delta.ts), /me/calendar/getSchedule (the calendar's free/busy items overlapping a window,
// in UTC; each request kept in `scheduleRequests`), `rateLimitNext` answering 429 with Retry-After, and `raw` messages served as
// they are (malformed data). Test-only.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';
import { graphDeltaCollection } from './graph-delta.js';

export type FakeOutlookMail = { id: string; subject: string; from: string; to: string[]; body: string; html?: boolean; raw?: unknown };
export type FakeOutlookEvent = {
  id: string;
  subject: string;
  start: string;
  end: string;
  location?: string;
  organizer?: string;
  body?: string;
  cancelled?: boolean;
  /** Graph's free/busy status (default busy). */
  showAs?: 'free' | 'tentative' | 'busy' | 'oof' | 'workingElsewhere';
};

/** Graph's dateTime as getSchedule answers it in UTC: no offset, seven fraction digits. */
const graphDateTime = (iso: string) => new Date(iso).toISOString().replace('Z', '0000');

const address = (a: string) => ({ emailAddress: { address: a } });

export function createFakeOutlook() {
  const showMail = (m: FakeOutlookMail) =>
    m.raw ?? {
      id: m.id,
      subject: m.subject,
      from: address(m.from),
      toRecipients: m.to.map(address),
      receivedDateTime: '2026-12-01T10:00:00Z',
      lastModifiedDateTime: '2026-12-01T10:00:00Z',
      webLink: `https://outlook.office365.com/owa/?ItemID=${m.id}`,
      body: { contentType: m.html ? 'html' : 'text', content: m.body },
    };
  const showEvent = (e: FakeOutlookEvent) => ({
    id: e.id,
    subject: e.subject,
    start: { dateTime: e.start, timeZone: 'UTC' },
    end: { dateTime: e.end, timeZone: 'UTC' },
    location: e.location ? { displayName: e.location } : undefined,
    organizer: e.organizer ? address(e.organizer) : undefined,
    body: { contentType: 'text', content: e.body ?? '' },
    isCancelled: !!e.cancelled,
    lastModifiedDateTime: '2026-12-01T10:00:00Z',
    webLink: `https://outlook.office365.com/owa/?itemid=${e.id}`,
  });
  const inbox = graphDeltaCollection(showMail);
  const sent = graphDeltaCollection(showMail);
  const calendar = graphDeltaCollection(showEvent);
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 0,
    calendarQueries: [] as string[],
    scheduleRequests: [] as { body: unknown; prefer: string | undefined }[],
    /** getSchedule answers the schedule with Graph's per-mailbox error instead of its items. */
    scheduleFails: false,
  };

  /** getSchedule for the person's own address: the live events overlapping the window (UTC, as asked). */
  async function schedule(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      schedules: string[];
      startTime: { dateTime: string; timeZone: string };
      endTime: { dateTime: string; timeZone: string };
    };
    state.scheduleRequests.push({ body: asked, prefer: req.headers.prefer as string | undefined });
    const [min, max] = [Date.parse(`${asked.startTime.dateTime}Z`), Date.parse(`${asked.endTime.dateTime}Z`)];
    const scheduleItems = calendar
      .live()
      .filter((e) => !e.cancelled && Date.parse(e.end) > min && Date.parse(e.start) < max)
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
      .map((e) => ({
        isPrivate: false,
        status: e.showAs ?? 'busy',
        subject: e.subject,
        start: { dateTime: graphDateTime(e.start), timeZone: 'UTC' },
        end: { dateTime: graphDateTime(e.end), timeZone: 'UTC' },
      }));
    const one = state.scheduleFails
      ? { scheduleId: asked.schedules[0], error: { message: 'The mailbox could not be found.', responseCode: 'ErrorMailboxNotFound' } }
      : { scheduleId: asked.schedules[0], availabilityView: '', scheduleItems };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ value: [one] }));
    return true;
  }

  const api: FakeApi = (req, res, path, url) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ error: { code: 'TooManyRequests', message: 'Too many requests' } }));
      return true;
    }
    if (path === '/me/mailFolders/inbox/messages/delta') return inbox.answer(req, res, path, url);
    if (path === '/me/mailFolders/sentitems/messages/delta') return sent.answer(req, res, path, url);
    if (path === '/me/calendar/getSchedule' && req.method === 'POST') return schedule(req, res);
    if (path === '/me/calendarView/delta') {
      if (!url.searchParams.has('$deltatoken') && !url.searchParams.has('$skiptoken')) {
        // Graph asks a first calendarView round for its window.
        if (!url.searchParams.get('startDateTime') || !url.searchParams.get('endDateTime')) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'ErrorInvalidParameter', message: 'startDateTime and endDateTime are required' } }));
          return true;
        }
        state.calendarQueries.push(url.search);
      }
      return calendar.answer(req, res, path, url);
    }
    return false;
  };
  return { inbox, sent, calendar, state, api };
}
