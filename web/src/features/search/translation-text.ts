// Pure helpers for translating an answer: the browser's languages as an Accept-Language header,
// and the answer cut into pieces the API takes (at most 100 texts of 20 000 characters each),
// on paragraph breaks so that markdown blocks stay whole, and put back together after.
export const MAX_TEXTS = 100;
const MAX_TEXT_LENGTH = 20_000;
const PIECE_LENGTH = 4_000; // pieces of a few paragraphs: enough context, not one huge request body

const MAX_HEADER_LENGTH = 200; // the API's limit for Accept-Language

/** ['de-CH', 'de', 'en'] → 'de-CH, de;q=0.9, en;q=0.8' (at most 9 languages, within 200 characters). */
export function acceptLanguageHeader(languages: readonly string[]): string {
  let header = '';
  for (const [i, lang] of languages.filter(Boolean).slice(0, 9).entries()) {
    const next = header ? `${header}, ${lang};q=${(10 - i) / 10}` : lang;
    if (next.length > MAX_HEADER_LENGTH) break;
    header = next;
  }
  return header;
}

export function browserLanguages(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return acceptLanguageHeader(nav?.languages?.length ? nav.languages : [nav?.language ?? 'en']);
}

type Piece = { text: string; after: string };

/** A long paragraph cut into parts of at most `size`, at a space when there is one. */
function cut(paragraph: string, size: number): Piece[] {
  const parts: Piece[] = [];
  let rest = paragraph;
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size);
    const at = space > size / 2 ? space : size;
    parts.push({ text: rest.slice(0, at), after: space > size / 2 ? ' ' : '' });
    rest = rest.slice(at + (space > size / 2 ? 1 : 0));
  }
  parts.push({ text: rest, after: '' });
  return parts;
}

/**
 * The text as pieces for the API, packed greedily on paragraph breaks (long paragraphs cut), and
 * the way back: `join` puts translated pieces together with the original breaks between them.
 */
export function splitForTranslation(text: string): { texts: string[]; join: (translated: readonly string[]) => string } {
  const size = Math.min(MAX_TEXT_LENGTH, Math.max(PIECE_LENGTH, Math.ceil(text.length / (MAX_TEXTS - 10))));
  const chunks = text.split(/(\n{2,})/); // paragraphs at even indexes, their breaks at odd ones
  const units: Piece[] = [];
  for (let i = 0; i < chunks.length; i += 2) {
    const parts = cut(chunks[i]!, size);
    parts.at(-1)!.after = chunks[i + 1] ?? '';
    units.push(...parts);
  }
  const pieces: Piece[] = [];
  for (const unit of units) {
    const last = pieces.at(-1);
    if (last && last.text.length + last.after.length + unit.text.length <= size)
      pieces[pieces.length - 1] = { text: last.text + last.after + unit.text, after: unit.after };
    else pieces.push({ ...unit });
  }
  return { texts: pieces.map((p) => p.text), join: (translated) => translated.map((t, i) => t + (pieces[i]?.after ?? '')).join('') };
}
