// Cuts a page's text into passages of about 800-1200 characters for the passages table (the
// shape of services/answers/corpus.ts HelpPassage), breaking at paragraphs, then sentences, then
// words, never inside a word.
import { createHash } from 'node:crypto';
import { collapseWhitespace } from './page-text.js';

export const PASSAGE_SIZE = { min: 800, max: 1200 } as const;
export const MAX_PASSAGES = 200;

export type PagePassage = { id: string; url: string; title: string; heading: string; content: string; ordinal: number };

/** A piece of text that is never split further, and what joins it to the piece before. */
export type Piece = { text: string; joiner: '\n\n' | '\n' | ' ' };

export const SENTENCE_END = /(?<=[.!?…]['"”’)\]]*)\s+/;

export function chunkPage(input: { url: string; title: string; text: string }): PagePassage[] {
  return packPieces(piecesOf(input.text), MAX_PASSAGES).map((content, ordinal) => ({
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

function piecesOf(text: string): Piece[] {
  const units: Piece[] = [];
  for (const paragraph of text
    .split(/\n\s*\n/)
    .map(collapseWhitespace)
    .filter(Boolean)) {
    const pieces = paragraph.length <= PASSAGE_SIZE.max ? [paragraph] : paragraph.split(SENTENCE_END).flatMap(wordGroups);
    pieces.forEach((piece, i) => units.push({ text: piece, joiner: i === 0 ? '\n\n' : ' ' }));
  }
  return units;
}

// A sentence too long for one passage, as runs of whole words that each fit (a single word
// longer than a passage stays whole).
function wordGroups(sentence: string): string[] {
  if (sentence.length <= PASSAGE_SIZE.max) return [sentence];
  const groups: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    if (current && current.length + 1 + word.length > PASSAGE_SIZE.max) {
      groups.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) groups.push(current);
  return groups;
}

/** Packs pieces into passages of PASSAGE_SIZE in order, at most `max`; shared with the file chunker. */
export function packPieces(pieces: Piece[], max = Infinity): string[] {
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (!current) {
      current = piece.text;
      continue;
    }
    const fits = current.length + piece.joiner.length + piece.text.length <= PASSAGE_SIZE.max;
    // Once a passage is long enough, a paragraph start is the best place to end it.
    const goodBreak = piece.joiner === '\n\n' && current.length >= PASSAGE_SIZE.min;
    if (fits && !goodBreak) {
      current += piece.joiner + piece.text;
      continue;
    }
    passages.push(current);
    if (passages.length === max) return passages;
    current = piece.text;
  }
  if (current) passages.push(current);
  return passages;
}
