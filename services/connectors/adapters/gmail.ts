// Gmail (API v1, the person's own mailbox, gmail.readonly): the walk lists message ids
// (users.messages.list, spam and trash left out, paged by pageToken) and reads each one
// (users.messages.get, format=full, its MIME text through gmail-mime.ts); a mail larger than this
// server reads is kept by its headers alone. The delta is users.history.list from the mailbox's
// historyId (users.getProfile at the start): messages added come back read, messages deleted or
// moved to spam or trash come back as removals (drafts are left out); a history too old (404) is
// CursorExpired.
// A mailbox is its owner's alone, so mails have no readers (the connection's owner).
import { type ProviderCallDeps, ProviderHttpError, providerAnswer, providerJson, jsonOf } from '../provider-call.js';
import { capText } from './app-text.js';
import { combinedAdapter } from './combined.js';
import { googleCalendarAdapter } from './google-calendar.js';
import type { AppChange, AppDocument, AppSourceAdapter } from './app-types.js';
import { headerOf, mailBodyText } from './gmail-mime.js';
import { type GmailMessage, gmailHistory, gmailList, gmailMessage, gmailProfile } from './gmail-types.js';
import { shapeOf } from './provider-shape.js';
import { CursorExpired } from './types.js';

const PAGE_SIZE = 50;
/** A message's JSON (its body base64url, attachments not included) read at most: past it, the mail is kept by its headers. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
// Drafts are not mail yet (a sent draft comes back as a new message); spam and trash are not kept.
const GONE_LABELS = new Set(['TRASH', 'SPAM', 'DRAFT']);
const BASE = '/gmail/v1/users/me';

type Cursor = { historyId: string; page: string | null; newest: string | null };

export function mailDocument(m: GmailMessage, tooLarge = false): AppDocument {
  const h = (name: string) => headerOf(m.payload, name);
  const head = [`From: ${h('from') ?? ''}`, `To: ${h('to') ?? ''}`, ...(h('cc') ? [`Cc: ${h('cc')}`] : []), `Date: ${h('date') ?? ''}`].join('\n');
  const body = tooLarge ? { text: '(This mail is larger than this server reads; only its headers are kept.)', truncated: true } : mailBodyText(m.payload);
  const text = capText(body.text ? `${head}\n\n${body.text}` : head);
  return {
    remoteId: m.id,
    kind: 'MAIL',
    title: (h('subject') ?? '').slice(0, 500) || '(no subject)',
    text: text.text,
    truncated: text.truncated || body.truncated,
    url: `https://mail.google.com/mail/u/0/#all/${encodeURIComponent(m.threadId ?? m.id)}`,
    updatedAt: m.internalDate ? new Date(Number(m.internalDate)).toISOString() : null,
    authors: h('from') ? [(h('from') as string).slice(0, 300)] : [],
    container: 'Gmail',
    readers: null,
    parentRemoteId: null,
  };
}

export function gmailAdapter(call: ProviderCallDeps, opts: { pageSize?: number; maxMessageBytes?: number } = {}): AppSourceAdapter {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const maxMessageBytes = opts.maxMessageBytes ?? MAX_MESSAGE_BYTES;

  /** A message as it is now, or null when it is gone or in spam or trash. */
  async function message(id: string): Promise<AppDocument | null> {
    const path = `${BASE}/messages/${encodeURIComponent(id)}`;
    let m: GmailMessage;
    let tooLarge = false;
    try {
      const res = await providerAnswer(call, path, maxMessageBytes, { query: { format: 'full' } });
      m = shapeOf(gmailMessage, jsonOf(res.bytes), 'Gmail', 'message');
    } catch (err) {
      if (err instanceof ProviderHttpError && err.status === 404) return null;
      if (!(err instanceof ProviderHttpError) || err.status !== 413) throw err;
      tooLarge = true;
      const meta = `${path}?metadataHeaders=From&metadataHeaders=To&metadataHeaders=Cc&metadataHeaders=Date&metadataHeaders=Subject`;
      m = shapeOf(gmailMessage, await providerJson(call, meta, { query: { format: 'metadata' } }), 'Gmail', 'message');
    }
    if (m.labelIds?.some((l) => GONE_LABELS.has(l))) return null;
    return mailDocument(m, tooLarge);
  }

  return {
    async listPage(checkpoint) {
      const list = shapeOf(
        gmailList,
        await providerJson(call, `${BASE}/messages`, { query: { maxResults: pageSize, pageToken: checkpoint ?? undefined } }),
        'Gmail',
        'message list',
      );
      const documents: AppDocument[] = [];
      for (const { id } of list.messages ?? []) {
        const doc = await message(id);
        if (doc) documents.push(doc);
      }
      return { documents, checkpoint: list.nextPageToken ?? null };
    },

    async startCursor() {
      const profile = shapeOf(gmailProfile, await providerJson(call, `${BASE}/profile`), 'Gmail', 'profile');
      return JSON.stringify({ historyId: profile.historyId, page: null, newest: null } satisfies Cursor);
    },

    async deltaPage(cursor) {
      const c = JSON.parse(cursor) as Cursor;
      let raw: unknown;
      try {
        raw = await providerJson(
          call,
          `${BASE}/history?historyTypes=messageAdded&historyTypes=messageDeleted&historyTypes=labelAdded&historyTypes=labelRemoved`,
          {
            query: { startHistoryId: c.historyId, maxResults: pageSize, pageToken: c.page ?? undefined },
          },
        );
      } catch (err) {
        // Gmail keeps history for about a week: older than that, everything is listed again.
        if (err instanceof ProviderHttpError && err.status === 404) throw new CursorExpired('gmail');
        throw err;
      }
      const page = shapeOf(gmailHistory, raw, 'Gmail', 'history');
      // What happened to each message in this page, the last record winning.
      const touched = new Map<string, 'read' | 'removed'>();
      for (const h of page.history ?? []) {
        for (const r of h.messagesAdded ?? []) touched.set(r.message.id, 'read');
        for (const r of h.labelsRemoved ?? []) touched.set(r.message.id, 'read');
        for (const r of h.labelsAdded ?? []) if (r.message.labelIds?.some((l) => GONE_LABELS.has(l))) touched.set(r.message.id, 'removed');
        for (const r of h.messagesDeleted ?? []) touched.set(r.message.id, 'removed');
      }
      const changes: AppChange[] = [];
      for (const [id, what] of touched) {
        const document = what === 'read' ? await message(id) : null;
        changes.push({ remoteId: id, removed: document === null, document });
      }
      const newest = c.newest ?? page.historyId;
      const next: Cursor = page.nextPageToken ? { historyId: c.historyId, page: page.nextPageToken, newest } : { historyId: newest, page: null, newest: null };
      return { changes, cursor: JSON.stringify(next), more: next.page !== null };
    },
  };
}

/** The Gmail with Calendar connector: the mailbox, then the primary calendar (ids `mail:…` and `event:…`). */
export function gmailWithCalendarAdapter(call: ProviderCallDeps, opts: { pageSize?: number; maxMessageBytes?: number } = {}): AppSourceAdapter {
  return combinedAdapter({ mail: gmailAdapter(call, opts), event: googleCalendarAdapter(call, opts) });
}
