// The search filters a question may carry (AskRequest's search_domain_filter,
// search_recency_filter and search_focus), checked and written one way before they are recorded
// with the entry and handed to the answer engine (AnswerJob.filters). Pure.
import type { AskRequest, SearchFilters } from '../../generated/sdk/types.gen.js';
import type { WebFilters } from './web-filters.js';
import { threadErrors } from './errors.js';
import { withoutWww } from '../shared/site-domain.js';

/** How many domains one question may name (included and excluded together). */
export const MAX_FILTER_DOMAINS = 20;

/** A host name of two or more labels (letters, digits, hyphens; punycode for other scripts). */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export type DomainRule = { domain: string; exclude: boolean };

/**
 * Reads a domain filter entry: `wikipedia.org` includes, `-reddit.com` excludes. Case, a
 * leading `www.` and a trailing dot are forgiven; anything else that is not a host name is null.
 * `www.` goes only before two more labels: `www.com` is a domain of its own.
 */
export function parseDomainRule(entry: string): DomainRule | null {
  const trimmed = entry.trim().toLowerCase();
  const exclude = trimmed.startsWith('-');
  const domain = withoutWww((exclude ? trimmed.slice(1) : trimmed).replace(/\.$/, ''));
  if (!DOMAIN.test(domain) || domain.split('.').some((label) => label.startsWith('-') || label.endsWith('-'))) return null;
  return { domain, exclude };
}

/** The domain filter checked and written one way (`-` first for an exclusion), each entry once, in order. */
export function normalizeDomainFilter(entries: readonly string[]): string[] {
  if (entries.length > MAX_FILTER_DOMAINS) throw threadErrors.tooManyFilterDomains(MAX_FILTER_DOMAINS);
  const seen = new Set<string>();
  for (const entry of entries) {
    const rule = parseDomainRule(entry);
    if (!rule) throw threadErrors.invalidFilterDomain(entry);
    seen.add(`${rule.exclude ? '-' : ''}${rule.domain}`);
  }
  return [...seen];
}

/** The filters of a question, or undefined when it sets none (an empty list is none). */
export function searchFiltersOf(input: Pick<AskRequest, 'search_domain_filter' | 'search_recency_filter' | 'search_focus'>): WebFilters | undefined {
  const domains = normalizeDomainFilter(input.search_domain_filter ?? []);
  const filters: WebFilters = {
    ...(domains.length ? { domains } : {}),
    ...(input.search_recency_filter ? { recency: input.search_recency_filter } : {}),
    ...(input.search_focus === 'academic' ? { academic: true } : {}),
  };
  return Object.keys(filters).length ? filters : undefined;
}

/** Recorded filters as the API shows them (SearchFilters): the AskRequest fields they came from. */
export function searchFiltersView(filters: WebFilters): SearchFilters {
  return {
    ...(filters.domains?.length ? { search_domain_filter: filters.domains } : {}),
    ...(filters.recency ? { search_recency_filter: filters.recency } : {}),
    ...(filters.academic ? { search_focus: 'academic' as const } : {}),
  };
}
