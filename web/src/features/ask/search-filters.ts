// The search filters of the ask box (domains in or out, recency, academic focus): the draft the
// filters control edits, the AskRequest fields it becomes, and the words an answer shows for
// the filters it was asked with.
import type { AskRequest, SearchFilters, SearchRecency } from '../../../../generated/sdk/types.gen';

export type FilterDraft = { domains: string; recency: SearchRecency | ''; academic: boolean };
export const NO_FILTERS: FilterDraft = { domains: '', recency: '', academic: false };

export const RECENCY_CHOICES: readonly { value: SearchRecency; label: string }[] = [
  { value: 'hour', label: 'Past hour' },
  { value: 'day', label: 'Past day' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
  { value: 'year', label: 'Past year' },
];

/** The domains as typed: separated by spaces or commas. */
const domainsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The AskRequest fields of a draft: only the filters set. */
export function askFilterFields(d: FilterDraft): Pick<AskRequest, 'search_domain_filter' | 'search_recency_filter' | 'search_focus'> {
  const domains = domainsOf(d.domains);
  return {
    ...(domains.length ? { search_domain_filter: domains } : {}),
    ...(d.recency ? { search_recency_filter: d.recency } : {}),
    ...(d.academic ? { search_focus: 'academic' as const } : {}),
  };
}

/** How many filters are set, for the control's label. */
export const activeFilterCount = (d: FilterDraft) => (domainsOf(d.domains).length ? 1 : 0) + (d.recency ? 1 : 0) + (d.academic ? 1 : 0);

/** What an answer says of the filters it was asked with, one phrase each. */
export function filtersSummary(f: SearchFilters | undefined): string[] {
  if (!f) return [];
  const domains = f.search_domain_filter ?? [];
  const included = domains.filter((d) => !d.startsWith('-'));
  const excluded = domains.filter((d) => d.startsWith('-')).map((d) => d.slice(1));
  return [
    ...(included.length ? [`Only ${included.join(', ')}`] : []),
    ...(excluded.length ? [`Not ${excluded.join(', ')}`] : []),
    ...(f.search_recency_filter ? [RECENCY_CHOICES.find((c) => c.value === f.search_recency_filter)!.label] : []),
    ...(f.search_focus === 'academic' ? ['Academic sources'] : []),
  ];
}

/** Refusals of the filters, whose words the server's problem gives (the domain it could not read). */
export const FILTER_PROBLEM_CODES = new Set(['invalid_domain_filter', 'too_many_filter_domains']);
