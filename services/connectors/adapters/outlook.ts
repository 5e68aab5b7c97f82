// Outlook (Microsoft Graph v1.0, the person's mailbox and calendar: Mail.Read, Calendars.Read):
// the Inbox's and Sent Items' messages through /me/mailFolders/{folder}/messages/delta, and the
// calendar through /me/calendarView/delta over a window of a year back and a year ahead (a query
// Graph takes no $select for), each a
// Graph delta query (graph-delta.ts). Bodies are asked as text (Prefer: outlook.body-content-type)
// and HTML ones are reduced to text all the same. A mailbox is its owner's alone: no readers.
import type { ProviderCallDeps } from '../provider-call.js';
import { capText, htmlToText } from './app-text.js';
import type { AppDocument, AppSourceAdapter } from './app-types.js';
import { combinedAdapter } from './combined.js';
import { graphDeltaAdapter } from './graph-delta.js';
import { eventPage, messagePage, type OutlookEvent, type OutlookMessage } from './outlook-types.js';

const PAGE_SIZE = 50;
const WINDOW_DAYS = 365;
const MESSAGE_FIELDS = 'subject,body,from,toRecipients,ccRecipients,receivedDateTime,lastModifiedDateTime,webLink';

type Address = { emailAddress?: { name?: string; address?: string } };
const who = (a: Address | null | undefined) => {
  const e = a?.emailAddress;
  return e?.name && e.address ? `${e.name} <${e.address}>` : (e?.name ?? e?.address ?? '');
};
const https = (url: string | null | undefined) => (url?.startsWith('https://') ? url : null);

function bodyText(b: { contentType?: string; content?: string } | null | undefined) {
  const content = b?.content ?? '';
  return b?.contentType?.toLowerCase() === 'html' ? htmlToText(content) : capText(content.replace(/\r\n/g, '\n').trim());
}

export function outlookMailDocument(m: OutlookMessage, folder: string): AppDocument {
  const to = (m.toRecipients ?? []).slice(0, 200).map(who).join(', ');
  const cc = (m.ccRecipients ?? []).slice(0, 200).map(who).join(', ');
  const head = [`From: ${who(m.from)}`, `To: ${to}`, ...(cc ? [`Cc: ${cc}`] : []), `Date: ${m.receivedDateTime ?? ''}`].join('\n');
  const body = bodyText(m.body);
  const text = capText(body.text ? `${head}\n\n${body.text}` : head);
  return {
    remoteId: m.id,
    kind: 'MAIL',
    title: (m.subject ?? '').slice(0, 500) || '(no subject)',
    text: text.text,
    truncated: text.truncated || body.truncated,
    url: https(m.webLink),
    updatedAt: m.lastModifiedDateTime ?? m.receivedDateTime ?? null,
    authors: m.from ? [who(m.from)] : [],
    container: folder,
    readers: null,
    parentRemoteId: null,
  };
}

export function outlookEventDocument(e: OutlookEvent): AppDocument | null {
  if (e.isCancelled) return null;
  const head = [
    `When: ${e.start?.dateTime ?? ''} – ${e.end?.dateTime ?? ''}${e.start?.timeZone ? ` (${e.start.timeZone})` : ''}`,
    ...(e.location?.displayName ? [`Where: ${e.location.displayName}`] : []),
    ...(e.organizer ? [`Organizer: ${who(e.organizer)}`] : []),
    ...(e.attendees?.length ? [`Attendees: ${e.attendees.slice(0, 200).map(who).join(', ')}`] : []),
  ].join('\n');
  const body = bodyText(e.body);
  const text = capText(body.text ? `${head}\n\n${body.text}` : head);
  return {
    remoteId: e.id,
    kind: 'EVENT',
    title: (e.subject ?? '').slice(0, 500) || '(no title)',
    text: text.text,
    truncated: text.truncated || body.truncated,
    url: https(e.webLink),
    updatedAt: e.lastModifiedDateTime ?? null,
    authors: e.organizer ? [who(e.organizer)] : [],
    container: 'Outlook Calendar',
    readers: null,
    parentRemoteId: null,
  };
}

export function outlookAdapter(call: ProviderCallDeps, opts: { pageSize?: number; now?: () => Date } = {}): AppSourceAdapter {
  const headers = { prefer: `odata.maxpagesize=${opts.pageSize ?? PAGE_SIZE}, outlook.body-content-type="text"` };
  const now = opts.now ?? (() => new Date());
  const folder = (id: string, name: string) =>
    graphDeltaAdapter(call, {
      provider: 'Outlook',
      what: 'message page',
      first: () => ({ path: `/me/mailFolders/${id}/messages/delta`, query: { $select: MESSAGE_FIELDS } }),
      page: messagePage,
      headers,
      idOf: (m) => m.id,
      removed: (m) => !!m['@removed'],
      document: (m) => outlookMailDocument(m, name),
    });
  const calendar = graphDeltaAdapter(call, {
    provider: 'Outlook',
    what: 'event page',
    first: () => {
      const day = 24 * 3600 * 1000;
      const at = now().getTime();
      return {
        path: '/me/calendarView/delta',
        query: { startDateTime: new Date(at - WINDOW_DAYS * day).toISOString(), endDateTime: new Date(at + WINDOW_DAYS * day).toISOString() },
      };
    },
    page: eventPage,
    headers,
    idOf: (e) => e.id,
    removed: (e) => !!e['@removed'],
    document: outlookEventDocument,
  });
  return combinedAdapter({ mail: folder('inbox', 'Inbox'), sent: folder('sentitems', 'Sent Items'), event: calendar });
}
