// A question's search filters as AskRequest gives them: checked, written one way, refused with
// stable codes.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { MAX_FILTER_DOMAINS, normalizeDomainFilter, parseDomainRule, searchFiltersOf, searchFiltersView } from './search-filters.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? err.code : 'not a domain error';
  }
  return 'accepted';
};

describe('domain rules', () => {
  test('include, exclude, forgiving case, www. and a trailing dot', () => {
    expect(parseDomainRule('wikipedia.org')).toEqual({ domain: 'wikipedia.org', exclude: false });
    expect(parseDomainRule(' -Reddit.COM ')).toEqual({ domain: 'reddit.com', exclude: true });
    expect(parseDomainRule('www.example.com.')).toEqual({ domain: 'example.com', exclude: false });
    // A CI run's property test drew `www.org`: stripping its www. left no domain at all.
    expect(parseDomainRule('www.org')).toEqual({ domain: 'www.org', exclude: false });
    expect(parseDomainRule('-www.www.org')).toEqual({ domain: 'www.org', exclude: true });
    expect(parseDomainRule('xn--bcher-kva.example')).toEqual({ domain: 'xn--bcher-kva.example', exclude: false });
  });

  test('what is not a host name is refused', () => {
    for (const bad of [
      '',
      '-',
      'localhost',
      'https://example.com',
      'example.com/path',
      'exa mple.com',
      '--reddit.com',
      'a-.com',
      'site:x.com',
      '*.example.com',
      `${'a'.repeat(64)}.com`,
    ])
      expect(parseDomainRule(bad), bad).toBeNull();
  });
});

describe('the filters of a question', () => {
  test('none set is none', () => {
    expect(searchFiltersOf({})).toBeUndefined();
    expect(searchFiltersOf({ search_domain_filter: [], search_focus: 'general' })).toBeUndefined();
  });

  test('each field as the engine takes it, domains once each in order', () => {
    expect(
      searchFiltersOf({ search_domain_filter: ['Wikipedia.org', '-reddit.com', 'www.wikipedia.org'], search_recency_filter: 'week', search_focus: 'academic' }),
    ).toEqual({ domains: ['wikipedia.org', '-reddit.com'], recency: 'week', academic: true });
  });

  test('too many domains and a bad one are refused with their codes', () => {
    const many = Array.from({ length: MAX_FILTER_DOMAINS + 1 }, (_, i) => `site${i}.example`);
    expect(codeOf(() => normalizeDomainFilter(many))).toBe('too_many_filter_domains');
    expect(codeOf(() => normalizeDomainFilter(many.slice(0, MAX_FILTER_DOMAINS)))).toBe('accepted');
    expect(codeOf(() => searchFiltersOf({ search_domain_filter: ['wikipedia.org', 'not a domain'] }))).toBe('invalid_domain_filter');
  });

  test('shown as the AskRequest fields they came from', () => {
    expect(searchFiltersView({ domains: ['a.com', '-b.com'], recency: 'hour', academic: true })).toEqual({
      search_domain_filter: ['a.com', '-b.com'],
      search_recency_filter: 'hour',
      search_focus: 'academic',
    });
    expect(searchFiltersView({ recency: 'day' })).toEqual({ search_recency_filter: 'day' });
  });

  test('property: normalising twice changes nothing, and every kept entry parses', () => {
    const label = fc.stringMatching(/^[a-zA-Z0-9]{1,8}$/);
    const entry = fc
      .tuple(fc.boolean(), fc.boolean(), label, fc.constantFrom('com', 'org', 'io'))
      .map(([minus, www, l, tld]) => `${minus ? '-' : ''}${www ? 'www.' : ''}${l}.${tld}`);
    fc.assert(
      fc.property(fc.array(entry, { maxLength: MAX_FILTER_DOMAINS }), (entries) => {
        const once = normalizeDomainFilter(entries);
        expect(normalizeDomainFilter(once)).toEqual(once);
        expect(new Set(once).size).toBe(once.length);
        for (const d of once) expect(parseDomainRule(d)).not.toBeNull();
      }),
    );
  });
});
