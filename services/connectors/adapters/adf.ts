// Atlassian Document Format (a Jira description) to plain text: text nodes kept, blocks as lines,
// mentions, emoji, dates and links by their text; read without recursion, no deeper than MAX_DEPTH
// and no further than MAX_NODES nodes, whatever the document claims. Nothing is rendered.
import { capText, MAX_DOCUMENT_TEXT } from './app-text.js';

const MAX_DEPTH = 64;
const MAX_NODES = 100_000;
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'codeBlock',
  'listItem',
  'tableRow',
  'panel',
  'rule',
  'mediaSingle',
  'expand',
  'taskItem',
  'decisionItem',
]);

type Node = { type?: unknown; text?: unknown; attrs?: Record<string, unknown>; content?: unknown };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function adfToText(doc: unknown, max: number = MAX_DOCUMENT_TEXT): { text: string; truncated: boolean } {
  const out: string[] = [];
  let size = 0;
  let nodes = 0;
  // A stack of nodes still to read, and markers to end a block with a line break.
  const stack: { node: unknown; depth: number; close?: boolean }[] = [{ node: doc, depth: 0 }];
  while (stack.length && nodes < MAX_NODES && size <= max) {
    const { node, depth, close } = stack.pop() as { node: unknown; depth: number; close?: boolean };
    if (close) {
      out.push('\n');
      continue;
    }
    if (!node || typeof node !== 'object' || depth > MAX_DEPTH) continue;
    nodes++;
    const n = node as Node;
    const type = str(n.type);
    const piece =
      type === 'text'
        ? str(n.text)
        : type === 'hardBreak'
          ? '\n'
          : type === 'mention' || type === 'emoji' || type === 'status'
            ? str(n.attrs?.text) || str(n.attrs?.shortName)
            : type === 'inlineCard' || type === 'blockCard'
              ? str(n.attrs?.url)
              : type === 'date'
                ? str(n.attrs?.timestamp) && new Date(Number(n.attrs?.timestamp)).toISOString().slice(0, 10)
                : '';
    if (piece) {
      out.push(piece);
      size += piece.length;
    }
    if (BLOCKS.has(type)) stack.push({ node: null, depth, close: true });
    if (Array.isArray(n.content)) for (let i = n.content.length - 1; i >= 0; i--) stack.push({ node: n.content[i], depth: depth + 1 });
  }
  const text = out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const capped = capText(text, max);
  return { text: capped.text, truncated: capped.truncated || stack.length > 0 };
}
