// The built-in help corpus: services/answers/help/*.md, one passage per "## " section (cut
// further by the one chunker only if a section outgrows a passage), so a citation points at the
// section that says it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chunkUnits } from '../passages/index.js';
import { markdownSections } from '../passages/index.js';
import { anchorOf } from './help-anchor.js';

export type HelpPassage = { id: string; url: string; title: string; heading: string; content: string; ordinal: number };

export const HELP_DIR = fileURLToPath(new URL('./help/', import.meta.url));

const MAX_SECTION_PASSAGES = 20;

export function chunkMarkdown(doc: string, markdown: string): HelpPassage[] {
  const { title, sections } = markdownSections(markdown, 2);
  const out: HelpPassage[] = [];
  const anchors = new Map<string, number>();
  for (const section of sections) {
    if (section.depth !== 2) continue;
    const base = anchorOf(section.heading);
    // Two sections of one page with the same heading get distinct anchors, as on a rendered page.
    const seen = anchors.get(base) ?? 0;
    anchors.set(base, seen + 1);
    const anchor = seen ? `${base}-${seen}` : base;
    const parts = chunkUnits([{ kind: 'text', text: section.text, page: null, heading: section.heading, lines: true }], MAX_SECTION_PASSAGES);
    for (const [i, part] of parts.entries())
      out.push({
        id: `help/${doc}#${anchor}${i ? `~${i + 1}` : ''}`,
        url: `/help/${doc}#${anchor}`,
        title: title ?? doc,
        heading: section.heading,
        content: part.content,
        ordinal: out.length,
      });
  }
  return out;
}

export function loadHelpCorpus(dir = HELP_DIR) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const hash = createHash('sha256');
  const passages: HelpPassage[] = [];
  for (const file of files) {
    const text = readFileSync(`${dir}/${file}`, 'utf8');
    hash.update(file).update('\0').update(text).update('\0');
    passages.push(...chunkMarkdown(file.replace(/\.md$/, ''), text));
  }
  return { passages, hash: hash.digest('hex') };
}
