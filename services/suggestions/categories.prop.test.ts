// The ask box's categories over random findings: always the seed's order, never an empty category,
// never more than the limit, tickers with full price info first, an unconfigured source absent.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assembleSuggestions, type Found, hasFullPrice, SUGGESTION_CATEGORIES, SUGGESTION_TITLES } from './categories.js';

const quote = fc.option(
  fc.record({
    price: fc.double({ min: 0.01, max: 1e5, noNaN: true }),
    change: fc.double({ min: -100, max: 100, noNaN: true }),
    change_percent: fc.double({ min: -50, max: 50, noNaN: true }),
    currency: fc.constantFrom('USD', 'EUR'),
  }),
  { nil: null },
);
const text = fc.string({ minLength: 1, maxLength: 40 });
const found: fc.Arbitrary<Found> = fc.record({
  ticker: fc.option(fc.array(fc.record({ symbol: fc.stringMatching(/^[A-Z]{1,5}$/), description: text, quote }), { maxLength: 6 }), { nil: null }),
  suggestion: fc.array(text, { maxLength: 6 }),
  news: fc.option(fc.array(fc.record({ title: text, url: fc.webUrl(), source: fc.domain() }), { maxLength: 6 }), { nil: null }),
  related_question: fc.array(text, { maxLength: 6 }),
  shortcuts: fc.array(fc.record({ title: text, prompt: text }), { maxLength: 6 }),
});

describe('assembleSuggestions', () => {
  test('categories keep the seed order with their headings, none empty, none over the limit', () => {
    fc.assert(
      fc.property(found, fc.integer({ min: 1, max: 8 }), (f, limit) => {
        const lists = assembleSuggestions(f, limit);
        const order = lists.map((l) => SUGGESTION_CATEGORIES.indexOf(l.category));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const l of lists) {
          expect(l.items.length).toBeGreaterThan(0);
          expect(l.items.length).toBeLessThanOrEqual(limit);
          expect(l.title).toBe(SUGGESTION_TITLES[l.category]);
        }
        if (f.ticker === null) expect(lists.some((l) => l.category === 'ticker')).toBe(false);
        if (f.news === null) expect(lists.some((l) => l.category === 'news')).toBe(false);
      }),
    );
  });

  test('tickers with full price info come first, each group in the provider order', () => {
    fc.assert(
      fc.property(found, (f) => {
        const tickers = assembleSuggestions(f, 8).find((l) => l.category === 'ticker')?.items ?? [];
        const priced = tickers.map((t) => hasFullPrice(t.quote));
        expect(priced).toEqual([...priced].sort((a, b) => Number(b) - Number(a)));
        const expected = [...(f.ticker ?? [])].filter((t) => hasFullPrice(t.quote)).map((t) => t.symbol);
        expect(tickers.filter((t) => t.quote).map((t) => t.title)).toEqual(expected.slice(0, tickers.filter((t) => t.quote).length));
      }),
    );
  });

  test('a related question the person already asked shows once, as their own question', () => {
    const lists = assembleSuggestions(
      { ticker: null, suggestion: ['How do I share?'], news: null, related_question: ['how do i share?', 'Who can read it?'], shortcuts: [] },
      3,
    );
    expect(lists).toEqual([
      { category: 'suggestion', title: null, items: [{ text: 'How do I share?', title: 'How do I share?', subtitle: null, url: null, quote: null }] },
      {
        category: 'related_question',
        title: 'Related Questions',
        items: [{ text: 'Who can read it?', title: 'Who can read it?', subtitle: null, url: null, quote: null }],
      },
    ]);
  });

  test('a shortcut asks its prompt and shows its /name; a news item links its article', () => {
    const lists = assembleSuggestions(
      {
        ticker: null,
        suggestion: [],
        news: [{ title: 'Rates held', url: 'https://news.example/rates', source: 'news.example' }],
        related_question: [],
        shortcuts: [{ title: 'brief', prompt: 'Summarise the news' }],
      },
      3,
    );
    expect(lists.map((l) => [l.category, l.title])).toEqual([
      ['news', 'Latest News'],
      ['shortcuts', 'Shortcuts'],
    ]);
    expect(lists[0].items[0]).toMatchObject({ text: 'Rates held', subtitle: 'news.example', url: 'https://news.example/rates' });
    expect(lists[1].items[0]).toMatchObject({ text: 'Summarise the news', title: '/brief' });
  });
});
