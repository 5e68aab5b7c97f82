// Markdown: one unit per section, headed by its heading, so a citation names the section (as the
// help corpus does in services/answers/corpus.ts). The first "# " heading is the title. Lines in
// fenced code blocks are never headings. Every line is read in linear time: a heading line is
// untrusted and may be megabytes long.
import type { ParsedFile, TextUnit } from './chunk.js';
import { decodeText } from './text-bytes.js';

// Only the opening is a pattern (it matches at most 10 characters); the rest is cut by hand. A
// single pattern for the whole line backtracked quadratically on a long run of blanks.
const HEADING_OPENING = /^ {0,3}(#{1,6})[ \t]/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export function readMarkdown(bytes: Buffer): ParsedFile {
  const sections: { heading: string; lines: string[] }[] = [{ heading: '', lines: [] }];
  let title: string | null = null;
  let fence: string | null = null;
  for (const line of decodeText(bytes, 'Markdown file').split('\n')) {
    const fenceMark = FENCE.exec(line)?.[1];
    // A fence closes with a run of the same character at least as long as the one that opened it.
    if (fence && fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
    else if (!fence && fenceMark) fence = fenceMark;
    const opening = fence || fenceMark ? null : HEADING_OPENING.exec(line);
    if (!opening) {
      sections[sections.length - 1].lines.push(line);
      continue;
    }
    const text = headingText(line.slice(opening[0].length));
    if (opening[1].length === 1 && title === null && text) title = text;
    sections.push({ heading: text, lines: [] });
  }
  const units: TextUnit[] = sections.map(({ heading, lines }) => ({ kind: 'text', text: lines.join('\n'), page: null, heading, lines: true }));
  return { title, pageCount: null, units };
}

const isBlank = (char: string) => char === ' ' || char === '\t';

/** The text after a heading's opening, without its closing run of #s (one preceded by a blank), blanks collapsed. */
function headingText(rest: string): string {
  let end = rest.length;
  while (end > 0 && isBlank(rest[end - 1])) end--;
  let closing = end;
  while (closing > 0 && rest[closing - 1] === '#') closing--;
  if (closing < end && (closing === 0 || isBlank(rest[closing - 1]))) end = closing;
  return rest.slice(0, end).replace(/\s+/g, ' ').trim();
}
