// The filter mapping: what SearXNG is asked for each filter, and which results pass the check
// made after it, whatever the engines did with the query.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hasFilters, hostIn, keepsResult, searxngParams } from './web-filters.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('what SearXNG is asked', () => {
  test('no filters: the question alone, no category, no time range', () => {
    expect(searxngParams('what is entropy?', undefined)).toEqual({ q: 'what is entropy?' });
    expect(searxngParams('what is entropy?', {})).toEqual({ q: 'what is entropy?' });
  });

  test('included domains as site: terms joined by OR, excluded ones as -site: terms', () => {
    expect(searxngParams('entropy', { domains: ['wikipedia.org', 'britannica.com', '-reddit.com', '-quora.com'] })).toEqual({
      q: 'entropy site:wikipedia.org OR site:britannica.com -site:reddit.com -site:quora.com',
    });
    expect(searxngParams('entropy', { domains: ['-reddit.com'] })).toEqual({ q: 'entropy -site:reddit.com' });
  });

  test('academic asks the science category; each recency its time range, an hour a day', () => {
    expect(searxngParams('q', { academic: true })).toEqual({ q: 'q', categories: 'science' });
    expect(['hour', 'day', 'week', 'month', 'year'].map((recency) => searxngParams('q', { recency: recency as 'day' }).time_range)).toEqual([
      'day',
      'day',
      'week',
      'month',
      'year',
    ]);
  });
});

describe('which results pass', () => {
  const keep = (filters: Parameters<typeof keepsResult>[0], url: string, publishedDate?: string | null) => keepsResult(filters, NOW)({ url, publishedDate });

  test('a domain covers its subdomains, not look-alikes', () => {
    expect(hostIn('en.wikipedia.org', 'wikipedia.org')).toBe(true);
    expect(hostIn('wikipedia.org', 'wikipedia.org')).toBe(true);
    expect(hostIn('notwikipedia.org', 'wikipedia.org')).toBe(false);
    expect(hostIn('wikipedia.org.evil.com', 'wikipedia.org')).toBe(false);
  });

  test('included domains only; excluded domains never, even inside an included one', () => {
    const filters = { domains: ['wikipedia.org', '-de.wikipedia.org'] };
    expect(keep(filters, 'https://en.wikipedia.org/wiki/Entropy')).toBe(true);
    expect(keep(filters, 'https://de.wikipedia.org/wiki/Entropie')).toBe(false);
    expect(keep(filters, 'https://example.com/entropy')).toBe(false);
    expect(keep({ domains: ['-reddit.com'] }, 'https://www.reddit.com/r/physics')).toBe(false);
    expect(keep({ domains: ['-reddit.com'] }, 'https://example.com/')).toBe(true);
    expect(keep({ domains: ['-reddit.com'] }, 'not a url')).toBe(false);
  });

  test('recency: dated results from before the range are dropped; undated ones kept except for the last hour', () => {
    expect(keep({ recency: 'hour' }, 'https://a.example/', ago(30 * 60_000))).toBe(true);
    expect(keep({ recency: 'hour' }, 'https://a.example/', ago(2 * HOUR))).toBe(false);
    expect(keep({ recency: 'hour' }, 'https://a.example/', null)).toBe(false);
    expect(keep({ recency: 'day' }, 'https://a.example/', null)).toBe(true);
    expect(keep({ recency: 'week' }, 'https://a.example/', ago(6 * DAY))).toBe(true);
    expect(keep({ recency: 'week' }, 'https://a.example/', ago(8 * DAY))).toBe(false);
    expect(keep({ recency: 'year' }, 'https://a.example/', ago(400 * DAY))).toBe(false);
    // SearXNG's dates often have no zone: read as UTC.
    expect(keep({ recency: 'hour' }, 'https://a.example/', '2026-06-15T11:30:00')).toBe(true);
    expect(keep({ recency: 'hour' }, 'https://a.example/', 'not a date')).toBe(false);
  });

  test('hasFilters: an empty filter is none', () => {
    expect(hasFilters(undefined)).toBe(false);
    expect(hasFilters({ domains: [] })).toBe(false);
    expect(hasFilters({ academic: false })).toBe(false);
    expect(hasFilters({ recency: 'day' })).toBe(true);
  });
});

describe('properties', () => {
  const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
  const domain = fc.tuple(label, fc.constantFrom('com', 'org', 'net', 'io')).map(([a, b]) => `${a}.${b}`);
  const host = fc.tuple(fc.option(label, { nil: undefined }), domain).map(([sub, d]) => (sub ? `${sub}.${d}` : d));

  test('a result from an excluded domain never passes, whatever else is set', () => {
    fc.assert(
      fc.property(
        fc.array(domain, { maxLength: 5 }),
        fc.array(domain, { minLength: 1, maxLength: 5 }),
        host,
        fc.constantFrom(undefined, 'hour', 'day', 'week', 'month', 'year' as const),
        (included, excluded, h, recency) => {
          const filters = { domains: [...included, ...excluded.map((d) => `-${d}`)], ...(recency ? { recency } : {}) };
          const url = `https://${h}/page`;
          if (excluded.some((d) => hostIn(h, d))) expect(keepsResult(filters, NOW)({ url, publishedDate: NOW.toISOString() })).toBe(false);
        },
      ),
    );
  });

  test('with included domains, only their hosts pass; without filters, every http(s) result passes', () => {
    fc.assert(
      fc.property(fc.array(domain, { minLength: 1, maxLength: 5 }), host, (included, h) => {
        const url = `https://${h}/`;
        expect(keepsResult({ domains: included }, NOW)({ url })).toBe(included.some((d) => hostIn(h, d)));
        expect(keepsResult(undefined, NOW)({ url })).toBe(true);
      }),
    );
  });

  test('the query SearXNG gets starts with the question and names every domain once', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.uniqueArray(domain, { maxLength: 6 }), fc.boolean(), (query, domains, exclude) => {
        const given = domains.map((d) => (exclude ? `-${d}` : d));
        const { q } = searxngParams(query, { domains: given });
        expect(q.startsWith(query)).toBe(true);
        for (const d of domains) expect(q.split(`site:${d}`).length - 1).toBe(1);
      }),
    );
  });
});
