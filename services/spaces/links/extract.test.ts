// A page's readable text keeps its paragraphs and leaves out navigation, scripts and markup.
import { expect, test } from 'vitest';
import { ARTICLE_PHRASE, ARTICLE_TITLE } from '../../../tests/fakes/web-pages.js';
import { extractPage, MAX_PAGE_TEXT } from './extract.js';

const html = (body: string, head = '') => ({
  url: 'https://example.com/page',
  contentType: 'text/html',
  body: `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
});

const longParagraph = (topic: string) => `<p>${`The ${topic} is described here in some detail, with enough words to look like an article. `.repeat(6)}</p>`;

test('an article gives its title and its paragraphs, without the navigation or scripts', () => {
  const page = html(
    `<nav><a href="/">Home</a> <a href="/x">Menu entry</a></nav>
     <article><h1>Marsh Notes</h1>${longParagraph('first   marsh\n  topic')}${longParagraph('second marsh topic')}
     <script>var secret = 'do not index';</script></article>`,
    '<title>Marsh Notes</title>',
  );
  const { title, text } = extractPage(page);
  expect(title).toBe('Marsh Notes');
  const paragraphs = text.split('\n\n');
  expect(paragraphs.length).toBeGreaterThanOrEqual(2);
  expect(paragraphs.some((p) => p.startsWith('The first marsh topic is described'))).toBe(true);
  expect(paragraphs.some((p) => p.startsWith('The second marsh topic is described'))).toBe(true);
  expect(text).not.toContain('do not index');
  expect(text).not.toContain('Menu entry');
  // Whitespace inside a paragraph is collapsed; only paragraph breaks remain.
  for (const paragraph of paragraphs) expect(paragraph).toMatch(/^\S+(?: \S+)*$/);
});

test('the fake article reads as expected (shared with the fetch tests)', async () => {
  const { startWebPages } = await import('../../../tests/fakes/web-pages.js');
  const site = await startWebPages();
  try {
    const body = await (await fetch(`${site.url}/article`)).text();
    const { title, text } = extractPage({ url: `${site.url}/article`, contentType: 'text/html', body });
    expect(title).toBe(ARTICLE_TITLE);
    expect(text).toContain(ARTICLE_PHRASE);
    expect(text).not.toContain('Natural History Society');
  } finally {
    await site.close();
  }
});

test('a page with almost nothing in it falls back to its body text and <title>', () => {
  const { title, text } = extractPage(html('<div>Opening hours</div><div>Mon–Fri 9–5</div><script>x()</script>', '<title> Shop \n Times </title>'));
  expect(title).toBe('Shop Times');
  expect(text).toBe('Opening hours\n\nMon–Fri 9–5');
});

test('without any title the URL is the title', () => {
  expect(extractPage(html('<p>Just a line.</p>')).title).toBe('https://example.com/page');
});

test('an HTML fragment without <html> or <body> still gives its text', () => {
  const { text } = extractPage({ url: 'https://example.com/f', contentType: 'text/html', body: '<p>Loose   paragraph.</p><p>Another.</p>' });
  expect(text).toBe('Loose paragraph.\n\nAnother.');
});

test('table cells and line breaks do not run words together', () => {
  const { text } = extractPage(html('<table><tr><td>alpha</td><td>beta</td></tr><tr><td>gamma</td></tr></table><p>one<br>two</p>'));
  expect(text.split(/\s+/)).toEqual(['alpha', 'beta', 'gamma', 'one', 'two']);
});

test('very deeply nested markup does not overflow the stack', () => {
  const depth = 20_000;
  const { text } = extractPage(html(`${'<span>'.repeat(depth)}deep word${'</span>'.repeat(depth)}`));
  expect(text).toBe('deep word');
});

test('plain text is the text itself, paragraphs kept, titled by its URL', () => {
  const { title, text } = extractPage({
    url: 'https://example.com/notes.txt',
    contentType: 'text/plain',
    body: 'Line one\nstill   one.\n\n\n  Second paragraph.  \n',
  });
  expect(title).toBe('https://example.com/notes.txt');
  expect(text).toBe('Line one still one.\n\nSecond paragraph.');
});

test('text is capped at the limit, on a word boundary, and says it was cut', () => {
  const body = 'word '.repeat(MAX_PAGE_TEXT);
  const { text, truncated } = extractPage({ url: 'https://example.com/long.txt', contentType: 'text/plain', body });
  expect(text.length).toBeLessThanOrEqual(MAX_PAGE_TEXT);
  expect(text.length).toBeGreaterThan(MAX_PAGE_TEXT - 10);
  expect(text.split(' ').every((w) => w === 'word')).toBe(true);
  expect(truncated).toBe(true);
  expect(extractPage({ url: 'https://example.com/short.txt', contentType: 'text/plain', body: 'word '.repeat(1000) }).truncated).toBe(false);
});

test('a page larger than Readability is given keeps its whole text, cut at the limit', () => {
  const rows = Array.from({ length: 30_000 }, (_, i) => `<tr><td>cell ${i} alpha</td><td>beta ${i}</td><td>gamma delta ${i}</td></tr>`).join('');
  const { title, text, truncated } = extractPage(html(`<table>${rows}</table>`, '<title>Big table</title>'));
  expect(title).toBe('Big table');
  expect(text.startsWith('cell 0 alpha beta 0 gamma delta 0\n\ncell 1 alpha')).toBe(true);
  expect(truncated).toBe(true);
});
