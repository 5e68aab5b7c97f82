// Markdown: one unit per section, headed by its heading, so a citation names the section (as the
// help corpus does in services/answers/corpus.ts). The first "# " heading is the title. The
// sections come from the passage index's Markdown reader (a CommonMark parser: a heading in a
// fenced code block is no heading, and no line can make it backtrack).
// Straight from the module, not services/passages/index.ts: this runs in extraction workers,
// which need no database client.
import { markdownSections } from '../../passages/markdown.js';
import type { ParsedFile, TextUnit } from './chunk.js';
import { decodeText } from './text-bytes.js';

export function readMarkdown(bytes: Buffer): ParsedFile {
  const { title, sections } = markdownSections(decodeText(bytes, 'Markdown file'));
  const units: TextUnit[] = sections.map(({ heading, text }) => ({ kind: 'text', text, page: null, heading, lines: true }));
  return { title, pageCount: null, units };
}
