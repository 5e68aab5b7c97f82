// Passages hold the whole page, in order, in pieces of a searchable size, with ids that stay
// the same when the same page is indexed again.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chunkPage, MAX_PASSAGES, PASSAGE_SIZE, passageId } from './chunk.js';

const page = (text: string) => ({ url: 'https://example.com/a', title: 'A page', text });

const sentence = (words: number, seed: string) => `${Array.from({ length: words }, (_, i) => `${seed}${i}`).join(' ')}.`;

describe('chunkPage', () => {
  test('no text gives no passages', () => {
    expect(chunkPage(page(''))).toEqual([]);
    expect(chunkPage(page(' \n\n  '))).toEqual([]);
  });

  test('a short page is one passage carrying the page title as its heading', () => {
    expect(chunkPage(page('One short paragraph.\n\nAnd another.'))).toEqual([
      {
        id: passageId('https://example.com/a', 0, 'One short paragraph.\n\nAnd another.'),
        url: 'https://example.com/a',
        title: 'A page',
        heading: 'A page',
        content: 'One short paragraph.\n\nAnd another.',
        ordinal: 0,
      },
    ]);
  });

  test('ids are 32 hex characters, stable for the same page and different for another url', () => {
    const text = Array.from({ length: 10 }, (_, i) => sentence(40, `w${i}x`)).join('\n\n');
    const first = chunkPage(page(text));
    expect(first.length).toBeGreaterThan(1);
    expect(chunkPage(page(text))).toEqual(first);
    for (const passage of first) expect(passage.id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(first.map((p) => p.id)).size).toBe(first.length);
    const elsewhere = chunkPage({ ...page(text), url: 'https://example.com/b' });
    expect(elsewhere.map((p) => p.id)).not.toEqual(expect.arrayContaining([first[0].id]));
  });

  test('paragraphs are kept together and passages end at paragraph breaks once long enough', () => {
    // Paragraphs of about 350 characters: three make a passage of about 1050.
    const paragraphs = Array.from({ length: 8 }, (_, i) => sentence(60, `p${i}w`));
    const passages = chunkPage(page(paragraphs.join('\n\n')));
    expect(passages.map((p) => p.content.split('\n\n').length)).toEqual([3, 3, 2]);
    for (const passage of passages) {
      if (passage !== passages.at(-1)) expect(passage.content.length).toBeGreaterThanOrEqual(PASSAGE_SIZE.min);
      expect(passage.content.length).toBeLessThanOrEqual(PASSAGE_SIZE.max);
      for (const part of passage.content.split('\n\n')) expect(paragraphs).toContain(part);
    }
    expect(passages.map((p) => p.ordinal)).toEqual(passages.map((_, i) => i));
  });

  test('a long paragraph is split between sentences', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => sentence(30, `s${i}w`));
    const passages = chunkPage(page(sentences.join(' ')));
    expect(passages.length).toBeGreaterThan(1);
    for (const passage of passages) expect(passage.content).toMatch(/\.$/);
  });

  test('a word longer than a passage is cut where the passage is full, as in files (the one chunker)', () => {
    const long = 'x'.repeat(PASSAGE_SIZE.max + 300);
    const contents = chunkPage(page(`before ${long} after`)).map((p) => p.content);
    expect(contents).toEqual(['before', long.slice(0, PASSAGE_SIZE.max), `${long.slice(PASSAGE_SIZE.max)} after`]);
  });

  test('a page is cut into at most the maximum number of passages', () => {
    const text = Array.from({ length: MAX_PASSAGES * 3 }, (_, i) => sentence(150, `q${i}w`)).join('\n\n');
    const passages = chunkPage(page(text));
    expect(passages).toHaveLength(MAX_PASSAGES);
    expect(passages[MAX_PASSAGES - 1].ordinal).toBe(MAX_PASSAGES - 1);
  });
});

// Text with paragraphs, sentences, odd whitespace and the occasional very long word.
const word = fc.oneof(
  { weight: 20, arbitrary: fc.stringMatching(/^[a-zA-Z0-9'’-]{1,12}[.,!?]?$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1100,1400}$/) },
);
const gap = fc.constantFrom(' ', ' ', ' ', '  ', '\n', '\n\n', ' \n \n ', '\t');
const text = fc.array(fc.tuple(word, gap), { maxLength: 900 }).map((parts) => parts.map(([w, g]) => w + g).join(''));

describe('chunkPage properties', () => {
  test('the passages hold every character of the text but blanks, in order', () => {
    fc.assert(
      fc.property(text, (t) => {
        const passages = chunkPage(page(t));
        expect(passages.map((p) => p.content.replace(/\s+/g, '')).join('')).toBe(t.replace(/\s+/g, ''));
      }),
      { numRuns: 300 },
    );
  });

  test('every passage is non-empty and within the size bound', () => {
    fc.assert(
      fc.property(text, (t) => {
        for (const [ordinal, passage] of chunkPage(page(t)).entries()) {
          expect(passage.ordinal).toBe(ordinal);
          expect(passage.content.trim()).toBe(passage.content);
          expect(passage.content.length).toBeGreaterThan(0);
          expect(passage.content.length).toBeLessThanOrEqual(PASSAGE_SIZE.max);
        }
      }),
      { numRuns: 300 },
    );
  });
});
