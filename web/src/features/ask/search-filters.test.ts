import { describe, expect, test } from 'vitest';
import { activeFilterCount, askFilterFields, filtersSummary, NO_FILTERS } from './search-filters';

describe('the ask box filters', () => {
  test('a draft becomes only the fields set; domains split on spaces and commas', () => {
    expect(askFilterFields(NO_FILTERS)).toEqual({});
    expect(askFilterFields({ domains: ' wikipedia.org,  -reddit.com\narxiv.org ', recency: 'week', academic: true })).toEqual({
      search_domain_filter: ['wikipedia.org', '-reddit.com', 'arxiv.org'],
      search_recency_filter: 'week',
      search_focus: 'academic',
    });
    expect(activeFilterCount({ domains: 'a.com b.com', recency: '', academic: true })).toBe(2);
    expect(activeFilterCount({ ...NO_FILTERS, domains: ' , ' })).toBe(0);
  });

  test('an answer names the filters it was asked with', () => {
    expect(filtersSummary(undefined)).toEqual([]);
    expect(
      filtersSummary({ search_domain_filter: ['wikipedia.org', '-reddit.com', '-quora.com'], search_recency_filter: 'hour', search_focus: 'academic' }),
    ).toEqual(['Only wikipedia.org', 'Not reddit.com, quora.com', 'Past hour', 'Academic sources']);
  });
});
