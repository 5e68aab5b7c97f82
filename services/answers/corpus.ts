// The built-in help corpus: services/answers/help/*.md, one passage per "## " section, so a
// citation points at the section that says it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type HelpPassage = { id: string; url: string; title: string; heading: string; content: string; ordinal: number };

export const HELP_DIR = fileURLToPath(new URL('./help/', import.meta.url));

export function chunkMarkdown(doc: string, markdown: string): HelpPassage[] {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1].trim() ?? doc;
  const out: HelpPassage[] = [];
  for (const section of markdown.split(/^##\s+/m).slice(1)) {
    const [headingLine, ...body] = section.split('\n');
    const heading = headingLine.trim();
    const content = body.join('\n').trim();
    if (!content) continue;
    const anchor = heading
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    out.push({ id: `help/${doc}#${anchor}`, url: `/help/${doc}#${anchor}`, title, heading, content, ordinal: out.length });
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
