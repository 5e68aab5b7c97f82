import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { Passage } from '../types.js';
import { bm25Scores, choosePassages, MAX_WEB_SOURCES, PER_PAGE } from './rank.js';

const result = (n: number, content = `snippet ${n}`): Passage => ({
  url: `https://site${n}.example/page`,
  title: `Result ${n}`,
  heading: '',
  content,
  domain: `site${n}.example`,
  published_date: null,
});
const paragraph = (words: string) => `${words} `.repeat(12).trim();

test('BM25 ranks the passage with the rarer question words first, and scores unrelated ones zero', () => {
  const scores = bm25Scores('boiling point altitude', [
    { heading: '', content: 'The boiling point of water falls with altitude.' },
    { heading: '', content: 'The point of the story is elsewhere.' },
    { heading: '', content: 'Sourdough starters need feeding.' },
  ]);
  expect(scores[0]).toBeGreaterThan(scores[1]);
  expect(scores[1]).toBeGreaterThan(0);
  expect(scores[2]).toBe(0);
});

test('each result gives its best passage, or its snippet when its page was not read or holds none of the words', () => {
  const pages = [
    { result: result(1), page: null },
    {
      result: result(2),
      page: { title: 'Altitude', text: [paragraph('Sourdough needs flour.'), paragraph('Water boils at 90 degrees at altitude.')].join('\n\n') },
    },
    { result: result(3), page: { title: 'Bread', text: paragraph('Sourdough needs flour and water.') } },
  ];
  const chosen = choosePassages('boiling altitude', pages);
  expect(chosen[0]).toEqual(result(1));
  expect(chosen[1].url).toBe(result(2).url);
  expect(chosen[1].title).toBe('Altitude');
  expect(chosen[1].content).toContain('Water boils at 90 degrees at altitude.');
  expect(chosen.at(-1)).toEqual(result(3));
});

test('never more than the limit, never more than PER_PAGE passages of a page, every result represented, in the search order', () => {
  const words = ['boiling', 'altitude', 'water', 'pressure', 'cooker', 'flour'];
  fc.assert(
    fc.property(
      fc.array(fc.option(fc.array(fc.subarray(words, { minLength: 1 }), { minLength: 1, maxLength: 6 }), { nil: null }), { minLength: 1, maxLength: 6 }),
      fc.subarray(words, { minLength: 1 }),
      (spec, question) => {
        const pages = spec.map((paras, i) => ({
          result: result(i),
          page: paras ? { title: `Page ${i}`, text: paras.map((p) => paragraph(`${p.join(' ')}.`).repeat(8)).join('\n\n') } : null,
        }));
        const chosen = choosePassages(question.join(' '), pages);
        expect(chosen.length).toBeLessThanOrEqual(Math.max(MAX_WEB_SOURCES, pages.length));
        const order = chosen.map((p) => Number(/site(\d+)/.exec(p.url)![1]));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (let i = 0; i < pages.length; i++) {
          const n = order.filter((o) => o === i).length;
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(PER_PAGE);
        }
      },
    ),
    { numRuns: 60 },
  );
});
