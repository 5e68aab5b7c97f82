// Text from a provider is untrusted data: it is capped in size, HTML is reduced to its text by a
// parser (htmlparser2, no scripts run, no styles or scripts kept), and nothing is ever evaluated.
import { Parser } from 'htmlparser2';

/** About what a document's 200 passages hold (as for links, spaces/links/extract.ts): text past it would never be searched. */
export const MAX_DOCUMENT_TEXT = 200_000;

/** Cuts text to `max` characters without splitting a surrogate pair. */
export function capText(text: string, max: number = MAX_DOCUMENT_TEXT): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: text.slice(0, end), truncated: true };
}

const BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'section', 'article', 'hr']);
const HIDDEN = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'iframe', 'object', 'svg']);

/** The visible text of HTML (a mail's body, say), paragraphs kept as lines; markup past 4 × `max` characters is not read. */
export function htmlToText(html: string, max: number = MAX_DOCUMENT_TEXT): { text: string; truncated: boolean } {
  const out: string[] = [];
  let size = 0;
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCKS.has(name)) out.push('\n');
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCKS.has(name)) out.push('\n');
      },
      ontext(text) {
        if (hidden || size > max) return;
        out.push(text);
        size += text.length;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html.length > max * 4 ? html.slice(0, max * 4) : html);
  parser.end();
  const text = out
    .join('')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n')
    .trim();
  const capped = capText(text, max);
  return { text: capped.text, truncated: capped.truncated || html.length > max * 4 };
}
