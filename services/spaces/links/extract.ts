// The title and readable text of a fetched page: Readability picks the article out of the page's
// navigation and clutter; when it finds none, the whole body's text is used.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { collapseWhitespace, paragraphsOf, paragraphsOfPlainText } from './page-text.js';
import type { FetchedPage } from './safe-fetch.js';

export const MAX_PAGE_TEXT = 200_000;
// Readability slows down sharply with nesting (seconds at a few thousand levels, then the stack
// overflows); real articles nest a few dozen levels, so deeper pages skip it.
const MAX_READABILITY_DEPTH = 300;

export type ExtractedPage = { title: string; text: string };

export function extractPage(page: FetchedPage): ExtractedPage {
  if (page.contentType === 'text/plain') return { title: page.url, text: joinCapped(paragraphsOfPlainText(page.body)) };
  const html = asDocument(page.body);
  // Readability changes the document it reads, so the fallback parses the page afresh.
  const { document } = parseHTML(html);
  const root = (document.body ?? document.documentElement) as unknown as Node;
  const article = depthOf(root) <= MAX_READABILITY_DEPTH ? readArticle(html) : null;
  const title = article?.title || collapseWhitespace(document.title ?? '') || page.url;
  const paragraphs = article?.paragraphs.length ? article.paragraphs : paragraphsOf(root);
  return { title, text: joinCapped(paragraphs) };
}

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

function readArticle(html: string): { title: string; paragraphs: string[] } | null {
  try {
    const { document } = parseHTML(html);
    // The serializer hands back the article's DOM node itself, so its paragraphs survive.
    const article = new Readability<Node>(document as unknown as Document, { serializer: (node) => node }).parse();
    if (!article?.content) return null;
    return { title: collapseWhitespace(article.title ?? ''), paragraphs: paragraphsOf(article.content) };
  } catch {
    // Readability trips over some documents linkedom builds; the plain body text still serves.
    return null;
  }
}

function joinCapped(paragraphs: string[]): string {
  const text = paragraphs.join('\n\n');
  if (text.length <= MAX_PAGE_TEXT) return text;
  const cut = text.slice(0, MAX_PAGE_TEXT);
  // End on a word boundary rather than in the middle of a word.
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trim();
}
