// Markdown cut into sections at its headings, read by a CommonMark parser with GFM (micromark
// through mdast-util-from-markdown: linear in the input, no backtracking patterns), so a heading
// in a fenced code block is no heading and a long run of blanks costs its length only. A
// section's text is its source as written (tables and lists stay readable), up to the next
// heading that splits.
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { collapse } from './text.js';

export type MarkdownSection = { heading: string; depth: number; text: string };

/**
 * The sections of a Markdown document: the text before the first heading (heading '', depth 0)
 * and one per top-level heading of depth `splitDepth` or less. The title is the first level-1
 * heading with text.
 */
export function markdownSections(markdown: string, splitDepth = 6): { title: string | null; sections: MarkdownSection[] } {
  const root: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  let title: string | null = null;
  const sections: MarkdownSection[] = [];
  let current = { heading: '', depth: 0, from: 0 };
  const close = (to: number) => sections.push({ heading: current.heading, depth: current.depth, text: markdown.slice(current.from, to) });
  for (const node of root.children) {
    if (node.type !== 'heading' || node.depth > splitDepth || !node.position) continue;
    const start = node.position.start.offset ?? 0;
    close(start);
    const heading = collapse(textOf(node));
    if (node.depth === 1 && title === null && heading) title = heading;
    current = { heading, depth: node.depth, from: node.position.end.offset ?? start };
  }
  close(markdown.length);
  return { title, sections };
}

// The text a node shows, without its markup (iterative: deep nesting cannot overflow the stack).
function textOf(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  for (let n = stack.pop(); n; n = stack.pop()) {
    if ('value' in n && typeof n.value === 'string') out += n.value;
    else if ('alt' in n && typeof n.alt === 'string') out += n.alt;
    if ('children' in n) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as Nodes);
  }
  return out;
}
