// Linear-time text helpers for the chunker: every scan moves forward only, so no input can make
// them backtrack (a run of blanks or quotes costs its length, once).

/** Two blanks in a row, or a blank other than a space: without either, only the ends are left to trim (most table cells). */
const RUNS_TO_COLLAPSE = /\s\s|[^\S ]/;

/** Whitespace runs as one space, ends trimmed. */
export const collapse = (text: string) => (RUNS_TO_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ') : text).trim();

// What may stand after a sentence's end mark and still belong to the sentence.
const CLOSERS = new Set(["'", '"', '”', '’', ')', ']']);
const ENDS = new Set(['.', '!', '?', '…']);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';

/** A line cut after each sentence end (`.`, `!`, `?` or `…`, then closing quotes or brackets, then blanks); the blanks are dropped. */
export function sentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < line.length) {
    if (!isSpace(line[i])) {
      i++;
      continue;
    }
    let end = i;
    while (end < line.length && isSpace(line[end])) end++;
    let mark = i - 1;
    while (mark >= start && CLOSERS.has(line[mark])) mark--;
    if (mark >= start && ENDS.has(line[mark])) {
      out.push(line.slice(start, i));
      start = end;
    }
    i = end;
  }
  out.push(line.slice(start));
  return out;
}

/** Paragraphs: the text cut at blank lines (a line of blanks counts as blank). */
export const paragraphs = (text: string) => text.split(/\n[^\S\n]*\n/);

/**
 * A line too long for one passage, cut at spaces into parts of at most `room` characters; a
 * single word longer than that is cut too.
 */
export function wordGroupsWithin(line: string, room: number): string[] {
  const parts: string[] = [];
  let current = '';
  for (const word of collapse(line).split(' ')) {
    for (let i = 0; i < word.length; i += room) {
      const bit = word.slice(i, i + room);
      if (current && current.length + 1 + bit.length > room) {
        parts.push(current);
        current = bit;
      } else current = current ? `${current} ${bit}` : bit;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** How many words a passage has, for BM25's length normalisation (runs of letters and digits). */
export function wordCount(text: string): number {
  const word = /[\p{L}\p{N}]+/gu;
  let n = 0;
  while (word.exec(text)) n++;
  return n;
}
