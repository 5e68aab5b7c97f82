// A kept mail's text with this server's own links made clickable. Only http(s) links to this
// page's origin become links; every other text, other sites' addresses included, stays text, and
// React escapes all of it, so nothing in a mail becomes markup.
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence after a link, not part of it. */
const TRAILING = /[.,;:!?)\]]+$/;

export type MailTextPart = { text: string } | { href: string };

/** The parts of `text`: runs of text and this origin's links, in order. */
export function mailTextParts(text: string, origin: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(TRAILING, '');
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href: url.href });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function MailText({ text }: { text: string }) {
  return (
    <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">
      {mailTextParts(text, window.location.origin).map((part, i) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <a key={i} href={part.href} className="underline break-all">
            {part.href}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </pre>
  );
}
