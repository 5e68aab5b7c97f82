// A linked page's text as passages for the passages table, cut by the one chunker
// (services/passages/chunk.ts): about 800-1200 characters, breaking at paragraphs, then
// sentences, then words.
import { createHash } from 'node:crypto';
import { chunkText, PASSAGE_SIZE } from '../../passages/index.js';

export { PASSAGE_SIZE };
export const MAX_PASSAGES = 200;

export type PagePassage = { id: string; url: string; title: string; heading: string; content: string; ordinal: number };

export function chunkPage(input: { url: string; title: string; text: string }): PagePassage[] {
  return chunkText(input.text, input.title, MAX_PASSAGES).map(({ content, ordinal }) => ({
    id: passageId(input.url, ordinal, content),
    url: input.url,
    title: input.title,
    heading: input.title,
    content,
    ordinal,
  }));
}

// Stable across re-indexing: the same page cut the same way gives the same ids.
export function passageId(url: string, ordinal: number, content: string): string {
  return createHash('sha256').update(`${url}\n${ordinal}\n${content}`).digest('hex').slice(0, 32);
}
