// Markdown: one unit per section, headed by its heading, so a citation names the section (as the
// help corpus does in services/answers/corpus.ts). The first "# " heading is the title. Lines in
// fenced code blocks are never headings.
import type { ParsedFile, TextUnit } from './chunk.js';
import { decodeText } from './text-bytes.js';

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
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
    const heading = fence || fenceMark ? null : HEADING.exec(line);
    if (!heading) {
      sections[sections.length - 1].lines.push(line);
      continue;
    }
    const text = heading[2].trim();
    if (heading[1].length === 1 && title === null && text) title = text;
    sections.push({ heading: text, lines: [] });
  }
  const units: TextUnit[] = sections.map(({ heading, lines }) => ({ kind: 'text', text: lines.join('\n'), page: null, heading, lines: true }));
  return { title, pageCount: null, units };
}
