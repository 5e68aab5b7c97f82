// The title and readable text of a fetched page: Readability picks the article out of the page's
// navigation and clutter; when it finds none, the whole body's text is used. Runs in a worker
// (extract-in-worker.ts): a page is untrusted input and parsing it can take seconds.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { collapseWhitespace, paragraphsOf, paragraphsOfPlainText } from './page-text.js';
import type { FetchedPage } from './safe-fetch.js';

/**
 * The most text a link keeps: about as much as its 200 passages hold (chunk.ts MAX_PASSAGES),
 * so text past it would never be searched. A page cut here says so (`truncated`).
 */
export const MAX_PAGE_TEXT = 200_000;
// Readability slows down sharply with nesting (seconds at a few thousand levels, then the stack
// overflows) and with size (seconds for 2 MB of table); real articles nest a few dozen levels
// and weigh well under 2 MB, so deeper or larger pages skip it and keep their whole text.
const MAX_READABILITY_DEPTH = 300;
const MAX_READABILITY_HTML = 2 * 1024 * 1024;

export type ExtractedPage = { title: string; text: string; truncated: boolean };

export function extractPage(page: FetchedPage): ExtractedPage {
  if (page.contentType === 'text/plain') return { title: page.url, ...joinCapped(paragraphsOfPlainText(page.body)) };
  const html = asDocument(page.body);
  let { document } = parseHTML(html);
  const pageTitle = collapseWhitespace(document.title ?? '');
  const readable = html.length <= MAX_READABILITY_HTML && depthOf(rootOf(document)) <= MAX_READABILITY_DEPTH;
  const article = readable ? readArticle(document) : null;
  if (article?.paragraphs.length) return { title: article.title || pageTitle || page.url, ...joinCapped(article.paragraphs) };
  // Readability changes the document it reads, so the fallback parses the page afresh.
  if (readable) ({ document } = parseHTML(html));
  return { title: article?.title || pageTitle || page.url, ...joinCapped(paragraphsOf(rootOf(document))) };
}

const rootOf = (document: ReturnType<typeof parseHTML>['document']) => (document.body ?? document.documentElement) as unknown as Node;

// linkedom builds a broken tree from markup without <html> (it puts <body> inside the first
// element), so fragments are wrapped into a document first.
function asDocument(html: string): string {
  if (/<html[\s>]/i.test(html)) return html;
  return /<body[\s>]/i.test(html) ? `<!doctype html><html>${html}</html>` : `<!doctype html><html><head></head><body>${html}</body></html>`;
}

function depthOf(root: Node): number {
  let deepest = 0;
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of Array.from(node.childNodes)) if (child.nodeType === 1) stack.push([child, depth + 1]);
  }
  return deepest;
}

function readArticle(document: ReturnType<typeof parseHTML>['document']): { title: string; paragraphs: string[] } | null {
  try {
    // The serializer hands back the article's DOM node itself, so its paragraphs survive.
    const article = new Readability<Node>(document as unknown as Document, { serializer: (node) => node }).parse();
    if (!article?.content) return null;
    return { title: collapseWhitespace(article.title ?? ''), paragraphs: paragraphsOf(article.content) };
  } catch {
    // Readability trips over some documents linkedom builds; the plain body text still serves.
    return null;
  }
}

function joinCapped(paragraphs: string[]): { text: string; truncated: boolean } {
  const text = paragraphs.join('\n\n');
  if (text.length <= MAX_PAGE_TEXT) return { text, truncated: false };
  const cut = text.slice(0, MAX_PAGE_TEXT);
  // End on a word boundary rather than in the middle of a word.
  const lastSpace = cut.search(/\s\S*$/);
  return { text: (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trim(), truncated: true };
}
