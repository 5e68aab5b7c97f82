// The built-in user guide, read from the same Markdown files the answer engine cites
// (services/answers/help/*.md), so a guide source's link, /help/{page}#{section}, opens the
// section it cites. Each page's text is a chunk of its own, loaded when it is opened.
import { anchorOf } from '../../../../services/answers/pure';

const files = import.meta.glob<string>('../../../../services/answers/help/*.md', { query: '?raw', import: 'default' });

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
const loaders = new Map(Object.entries(files).map(([path, load]) => [nameOf(path), load]));

/** The guide's page names, e.g. 'sharing-and-privacy', in order. */
export const GUIDE_PAGES = [...loaders.keys()].sort();

export const guidePath = (name: string) => `/help/${name}`;

/** The page's Markdown, or null when the guide has no such page. */
export function loadGuidePage(name: string): Promise<string> | null {
  return loaders.get(name)?.() ?? null;
}

/** A section's anchor, as the answer engine writes it in a guide source's URL. */
export const sectionAnchor = anchorOf;

/** The page's title: its first "# " heading. */
export const pageTitle = (markdown: string, fallback: string) => /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
