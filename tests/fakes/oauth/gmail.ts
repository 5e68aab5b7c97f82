// The slice of Gmail API v1 and Calendar API v3 the Gmail with Calendar adapters use, on the Google
// OAuth fake (provider.ts): users.getProfile, users.messages.list (spam and trash left out, paged
// by pageToken) and .get (format full or metadata), users.history.list from a historyId (404 when
// older than the fake keeps), and the primary calendar's events.list (pageToken, syncToken, a 410
// for a token it no longer honours, cancelled events in deltas) and freeBusy (the primary calendar's
// busy times in a window). `rateLimitNext` answers the next
// N calls with 429 and Retry-After. Mails are built from plain fields into a MIME tree as Gmail
// sends them (base64url bodies); `raw` replaces a message's whole answer (malformed data). Test-only.
import type { ServerResponse } from 'node:http';
import type { FakeApi } from './provider.js';

export type FakeMail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  date?: string;
  text?: string;
  html?: string;
  charset?: string;
  attachment?: string;
  labels?: string[];
  /** The whole answer of messages.get, as is (a malformed message). */
  raw?: unknown;
  /** Extra bytes in the answer (an oversized message). */
  padding?: number;
};
export type FakeEvent = {
  id: string;
  summary: string;
  description?: string;
  start: string;
  end: string;
  location?: string;
  organizer?: string;
  attendees?: string[];
  cancelled?: boolean;
};

const b64 = (s: string, charset = 'utf-8') => Buffer.from(s, charset === 'iso-8859-1' ? 'latin1' : 'utf8').toString('base64url');

function payloadOf(m: FakeMail) {
  const ct = (type: string) => [{ name: 'Content-Type', value: `${type}; charset="${m.charset ?? 'UTF-8'}"` }];
  const parts = [
    ...(m.text !== undefined ? [{ mimeType: 'text/plain', filename: '', headers: ct('text/plain'), body: { data: b64(m.text, m.charset) } }] : []),
    ...(m.html !== undefined ? [{ mimeType: 'text/html', filename: '', headers: ct('text/html'), body: { data: b64(m.html, m.charset) } }] : []),
  ];
  const alternative = { mimeType: 'multipart/alternative', filename: '', headers: [], body: { size: 0 }, parts };
  const attachments = m.attachment
    ? [{ mimeType: 'text/plain', filename: 'secret.txt', headers: ct('text/plain'), body: { data: b64(m.attachment), attachmentId: 'att1' } }]
    : [];
  return {
    mimeType: 'multipart/mixed',
    filename: '',
    headers: [
      { name: 'From', value: m.from },
      { name: 'To', value: m.to },
      { name: 'Subject', value: m.subject },
      { name: 'Date', value: m.date ?? 'Mon, 1 Dec 2026 10:00:00 +0000' },
    ],
    body: { size: 0 },
    parts: [alternative, ...attachments],
  };
}

export function createFakeGmail() {
  const mails = new Map<string, FakeMail & { internalDate: number }>();
  const events = new Map<string, FakeEvent & { seq: number; updated: string }>();
  type Record = { id: number; kind: 'messagesAdded' | 'messagesDeleted' | 'labelsAdded' | 'labelsRemoved'; message: string; labels?: string[] };
  const history: Record[] = [];
  const state = {
    rateLimitNext: 0,
    retryAfterSeconds: 0,
    historyId: 1000,
    oldestHistoryId: 0,
    seq: 0,
    expiredSyncTokens: new Set<string>(),
    calls: [] as string[],
  };
  const record = (kind: Record['kind'], message: string, labels?: string[]) => history.push({ id: ++state.historyId, kind, message, labels });

  const gmail = {
    state,
    mails,
    events,
    mail(m: FakeMail) {
      const added = !mails.has(m.id);
      mails.set(m.id, { ...m, internalDate: Date.parse('2026-12-01T10:00:00Z') + mails.size * 1000 });
      if (added) record('messagesAdded', m.id);
    },
    deleteMail(id: string) {
      mails.delete(id);
      record('messagesDeleted', id);
    },
    label(id: string, label: string, on: boolean) {
      const m = mails.get(id);
      if (!m) throw new Error(`no fake mail ${id}`);
      m.labels = on ? [...(m.labels ?? []), label] : (m.labels ?? []).filter((l) => l !== label);
      record(on ? 'labelsAdded' : 'labelsRemoved', id, m.labels);
    },
    event(e: FakeEvent) {
      events.set(e.id, { ...e, seq: ++state.seq, updated: new Date(Date.parse('2026-12-01T10:00:00Z') + state.seq * 1000).toISOString() });
    },
  };

  const json = (res: ServerResponse, status: number, body: unknown, padding = 0) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(padding ? `${text.slice(0, -1)},"x":"${'x'.repeat(padding)}"}` : text);
    return true;
  };
  const page = <T>(all: T[], q: URLSearchParams, size: number) => {
    const from = Number(q.get('pageToken') ?? 0);
    return { items: all.slice(from, from + size), next: from + size < all.length ? String(from + size) : undefined };
  };
  const messageOf = (m: FakeMail & { internalDate: number }, format: string | null) =>
    m.raw ?? {
      id: m.id,
      threadId: `th-${m.id}`,
      labelIds: m.labels ?? ['INBOX'],
      internalDate: String(m.internalDate),
      payload: format === 'metadata' ? { ...payloadOf(m), parts: undefined } : payloadOf(m),
    };
  const eventOf = (e: FakeEvent & { updated: string }) =>
    e.cancelled
      ? { id: e.id, status: 'cancelled' }
      : {
          id: e.id,
          status: 'confirmed',
          summary: e.summary,
          description: e.description,
          location: e.location,
          htmlLink: `https://www.google.com/calendar/event?eid=${e.id}`,
          updated: e.updated,
          start: { dateTime: e.start },
          end: { dateTime: e.end },
          organizer: e.organizer ? { email: e.organizer } : undefined,
          attendees: e.attendees?.map((email) => ({ email })),
        };

  const api: FakeApi = async (req, res, path, url) => {
    state.calls.push(path);
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(state.retryAfterSeconds) });
      res.end(JSON.stringify({ error: { code: 429, message: 'Rate Limit Exceeded' } }));
      return true;
    }
    const q = url.searchParams;
    const size = Number(q.get('maxResults') ?? 100);
    if (path === '/gmail/v1/users/me/profile') return json(res, 200, { emailAddress: 'person@provider.example', historyId: String(state.historyId) });
    if (path === '/gmail/v1/users/me/messages') {
      const live = [...mails.values()].filter((m) => !m.labels?.some((l) => l === 'TRASH' || l === 'SPAM')).sort((a, b) => b.internalDate - a.internalDate);
      const p = page(live, q, size);
      return json(res, 200, { messages: p.items.map((m) => ({ id: m.id, threadId: `th-${m.id}` })), nextPageToken: p.next, resultSizeEstimate: live.length });
    }
    const one = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)$/.exec(path);
    if (one) {
      const m = mails.get(decodeURIComponent(one[1]));
      if (!m) return json(res, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
      return json(res, 200, messageOf(m, q.get('format')), q.get('format') === 'metadata' ? 0 : (m.padding ?? 0));
    }
    if (path === '/gmail/v1/users/me/history') {
      const start = Number(q.get('startHistoryId'));
      if (start < state.oldestHistoryId) return json(res, 404, { error: { code: 404, message: 'Requested entity was not found.' } });
      const types = new Set(q.getAll('historyTypes'));
      const kindOf = { messagesAdded: 'messageAdded', messagesDeleted: 'messageDeleted', labelsAdded: 'labelAdded', labelsRemoved: 'labelRemoved' };
      const after = history.filter((h) => h.id > start && types.has(kindOf[h.kind]));
      const p = page(after, q, size);
      return json(res, 200, {
        history: p.items.map((h) => ({ id: String(h.id), [h.kind]: [{ message: { id: h.message, labelIds: h.labels } }] })),
        nextPageToken: p.next,
        historyId: String(state.historyId),
      });
    }
    if (path === '/calendar/v3/freeBusy' && req.method === 'POST') {
      // The primary calendar's busy times overlapping the asked window (confirmed events only).
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timeMin: string; timeMax: string };
      const [min, max] = [Date.parse(asked.timeMin), Date.parse(asked.timeMax)];
      const busy = [...events.values()]
        .filter((e) => !e.cancelled && Date.parse(e.end) > min && Date.parse(e.start) < max)
        .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
        .map((e) => ({ start: e.start, end: e.end }));
      return json(res, 200, { kind: 'calendar#freeBusy', timeMin: asked.timeMin, timeMax: asked.timeMax, calendars: { primary: { busy } } });
    }
    if (path === '/calendar/v3/calendars/primary/events') {
      const token = q.get('syncToken');
      if (token && state.expiredSyncTokens.has(token))
        return json(res, 410, { error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' } });
      const since = token ? Number(token.replace('sync-', '')) : 0;
      const all = [...events.values()].filter((e) => (token ? e.seq > since : !e.cancelled)).sort((a, b) => a.seq - b.seq);
      const p = page(all, q, size);
      const tokens = { nextPageToken: p.next, nextSyncToken: p.next ? undefined : `sync-${state.seq}` };
      if (q.get('fields') === 'nextPageToken,nextSyncToken') return json(res, 200, tokens);
      return json(res, 200, { kind: 'calendar#events', items: p.items.map(eventOf), ...tokens });
    }
    return false;
  };
  return { ...gmail, api };
}
