// Google Calendar (API v3, the person's primary calendar, calendar.readonly): events.list paged
// by pageToken for the walk (cancelled events left out); the delta is events.list with the
// syncToken the last page gave, cancelled events coming back as removals. A sync token the
// calendar no longer honours (410 Gone) is CursorExpired. The start token is taken by paging the
// list for its tokens alone (`fields`), as Calendar gives a sync token only at a listing's end.
import { type ProviderCallDeps, ProviderHttpError, providerJson } from '../provider-call.js';
import { capText, htmlToText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { type CalendarEvent, calendarEvents } from './gmail-types.js';
import { shapeOf } from './provider-shape.js';
import { CursorExpired } from './types.js';

const PAGE_SIZE = 250;
const MAX_TOKEN_PAGES = 1000;
const EVENTS = '/calendar/v3/calendars/primary/events';

type Cursor = { syncToken: string; page: string | null };

const whenOf = (w: CalendarEvent['start']) => w?.dateTime ?? w?.date ?? '';
const who = (p: { email?: string; displayName?: string }) => (p.displayName && p.email ? `${p.displayName} <${p.email}>` : (p.displayName ?? p.email ?? ''));

export function eventDocument(e: CalendarEvent): AppDocument {
  const head = [
    `When: ${whenOf(e.start)} – ${whenOf(e.end)}`,
    ...(e.location ? [`Where: ${e.location}`] : []),
    ...(e.organizer ? [`Organizer: ${who(e.organizer)}`] : []),
    ...(e.attendees?.length ? [`Attendees: ${e.attendees.slice(0, 200).map(who).join(', ')}`] : []),
  ].join('\n');
  // Calendar descriptions may hold HTML: only its text is kept.
  const description = e.description ? htmlToText(e.description) : { text: '', truncated: false };
  const text = capText(description.text ? `${head}\n\n${description.text}` : head);
  return {
    remoteId: e.id,
    kind: 'EVENT',
    title: (e.summary ?? '').slice(0, 500) || '(no title)',
    text: text.text,
    truncated: text.truncated || description.truncated,
    url: e.htmlLink?.startsWith('https://') ? e.htmlLink : null,
    updatedAt: e.updated ?? null,
    authors: e.organizer ? [who(e.organizer)] : e.creator ? [who(e.creator)] : [],
    container: 'Google Calendar',
    readers: null,
    parentRemoteId: null,
  };
}

export function googleCalendarAdapter(call: ProviderCallDeps, opts: { pageSize?: number } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const list = async (query: Record<string, string | number | undefined>) => {
    try {
      return shapeOf(calendarEvents, await providerJson(call, EVENTS, { query: { maxResults: pageSize, ...query } }), 'Google Calendar', 'event list');
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 410) throw new CursorExpired('google calendar');
      throw err;
    }
  };
  return {
    async listPage(checkpoint) {
      const page = await list({ pageToken: checkpoint ?? undefined });
      const documents = (page.items ?? []).filter((e) => e.status !== 'cancelled').map(eventDocument);
      return { documents, checkpoint: page.nextPageToken ?? null };
    },
    async startCursor() {
      let pageToken: string | undefined;
      for (let pages = 0; pages < MAX_TOKEN_PAGES; pages++) {
        const page = await list({ pageToken, maxResults: 2500, fields: 'nextPageToken,nextSyncToken' });
        if (page.nextSyncToken) return JSON.stringify({ syncToken: page.nextSyncToken, page: null } satisfies Cursor);
        pageToken = page.nextPageToken;
        if (!pageToken) break;
      }
      throw new ProviderHttpError(502, 'Google Calendar ended a listing without a sync token');
    },
    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      const page = await list({ syncToken: c.syncToken, pageToken: c.page ?? undefined });
      const changes = (page.items ?? []).map((e) =>
        e.status === 'cancelled' ? { remoteId: e.id, removed: true, document: null } : { remoteId: e.id, removed: false, document: eventDocument(e) },
      );
      if (page.nextPageToken) return { changes, cursor: JSON.stringify({ ...c, page: page.nextPageToken }), more: true };
      if (!page.nextSyncToken) throw new ProviderHttpError(502, 'Google Calendar ended a delta without a sync token');
      return { changes, cursor: JSON.stringify({ syncToken: page.nextSyncToken, page: null } satisfies Cursor), more: false };
    },
  };
}
