// The slice of Microsoft Graph v1.0 the Outlook adapter uses, on the Microsoft OAuth fake
// (provider.ts): /me/mailFolders/{inbox,sentitems}/messages/delta and /me/calendarView/delta
// (graph-delta.ts), `rateLimitNext` answering 429 with Retry-After, and `raw` messages served as
// they are (malformed data). Test-only.
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
};

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
  const state = { rateLimitNext: 0, retryAfterSeconds: 0, calendarQueries: [] as string[] };

  const api: FakeApi = (req, res, path, url) => {
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ error: { code: 'TooManyRequests', message: 'Too many requests' } }));
      return true;
    }
    if (path === '/me/mailFolders/inbox/messages/delta') return inbox.answer(req, res, path, url);
    if (path === '/me/mailFolders/sentitems/messages/delta') return sent.answer(req, res, path, url);
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
