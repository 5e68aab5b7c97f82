// A Gmail message's text from its MIME tree (users.messages.get, format=full: Gmail has undone the
// transfer encoding, each part's body is base64url): text/plain preferred, else text/html reduced
// to its text; attachments skipped; the tree read no deeper than MAX_DEPTH and no further than
// MAX_PARTS parts; each part decoded in its declared charset (an unknown one read as UTF-8).
import { capText, htmlToText, MAX_DOCUMENT_TEXT } from './app-text.js';
import { type GmailPart, gmailPart } from './gmail-types.js';
import { shapeOf } from './provider-shape.js';

const MAX_DEPTH = 12;
const MAX_PARTS = 300;

export const headerOf = (part: GmailPart, name: string) => part.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

function charsetOf(part: GmailPart) {
  return /charset="?([\w.:-]+)"?/i.exec(headerOf(part, 'content-type') ?? '')?.[1] ?? 'utf-8';
}

function decode(part: GmailPart): string {
  const bytes = Buffer.from(part.body?.data ?? '', 'base64url');
  try {
    return new TextDecoder(charsetOf(part)).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** The text parts of a message, in order, attachments left out. */
function textParts(root: GmailPart) {
  const found: GmailPart[] = [];
  let seen = 0;
  const visit = (part: GmailPart, depth: number) => {
    if (++seen > MAX_PARTS || depth > MAX_DEPTH) return;
    const type = (part.mimeType ?? '').toLowerCase();
    const attachment = !!part.filename || /^attachment/i.test(headerOf(part, 'content-disposition') ?? '');
    if (type.startsWith('multipart/')) for (const child of part.parts ?? []) visit(shapeOf(gmailPart, child, 'Gmail', 'message part'), depth + 1);
    else if (!attachment && (type === 'text/plain' || type === 'text/html') && part.body?.data) found.push(part);
  };
  visit(root, 0);
  return found;
}

/** The message's readable text, capped at `max`. */
export function mailBodyText(payload: GmailPart, max: number = MAX_DOCUMENT_TEXT): { text: string; truncated: boolean } {
  const parts = textParts(payload);
  const plain = parts.filter((p) => p.mimeType?.toLowerCase() === 'text/plain');
  if (plain.length) return capText(plain.map(decode).join('\n\n').replace(/\r\n/g, '\n').trim(), max);
  const html = parts.map(decode).join('\n');
  return html ? htmlToText(html, max) : { text: '', truncated: false };
}
