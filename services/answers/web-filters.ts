// Search filters on a question (domains in or out, recency, academic focus), turned into what
// SearXNG is asked and a check of each result it gives back. SearXNG's engines honour `site:`
// and `time_range` unevenly, and it has no "last hour", so every result is checked again here:
// an excluded domain or an out-of-range date never reaches an answer, whatever the engine did.
import { type DomainRule, parseDomainRule, type WebFilters } from '../threads/index.js';

export type { WebFilters };
export type Recency = NonNullable<WebFilters['recency']>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back each recency reaches. */
const RECENCY_MS: Record<Recency, number> = { hour: HOUR, day: DAY, week: 7 * DAY, month: 31 * DAY, year: 366 * DAY };
/** SearXNG's time_range for each recency: it has no hour, so an hour asks for a day and the dates are checked. */
const TIME_RANGE: Record<Recency, string> = { hour: 'day', day: 'day', week: 'week', month: 'month', year: 'year' };

const rulesOf = (domains: readonly string[] = []) => domains.map(parseDomainRule).filter((r): r is DomainRule => r !== null);

/** Whether `host` is `domain` or one of its subdomains (`en.wikipedia.org` is in `wikipedia.org`). */
export function hostIn(host: string, domain: string) {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === domain || h.endsWith(`.${domain}`);
}

/** What SearXNG is asked: the query with `site:` terms, and the category and time range when filtered. */
export function searxngParams(query: string, filters: WebFilters | undefined): Record<string, string> {
  const rules = rulesOf(filters?.domains);
  const included = rules.filter((r) => !r.exclude).map((r) => `site:${r.domain}`);
  const excluded = rules.filter((r) => r.exclude).map((r) => `-site:${r.domain}`);
  const q = [query, included.join(' OR '), ...excluded].filter(Boolean).join(' ');
  return {
    q,
    ...(filters?.academic ? { categories: 'science' } : {}),
    ...(filters?.recency ? { time_range: TIME_RANGE[filters.recency] } : {}),
  };
}

/** A result's date as SearXNG gives it (ISO 8601, often without a zone: read as UTC), or null. */
function publishedAt(date: string | null | undefined): number | null {
  if (!date) return null;
  const zoned = /(?:z|[+-]\d\d:?\d\d)$/i.test(date) || !/\d:\d\d/.test(date) ? date : `${date}Z`;
  const t = Date.parse(zoned);
  return Number.isNaN(t) ? null : t;
}

/**
 * Whether a result passes the filters: its host is in an included domain (when any is named)
 * and in no excluded one; with a recency, its date is within it (a dated result from before is
 * dropped; an undated one is kept, SearXNG having applied the range, except for the last hour,
 * which only a date can show).
 */
export function keepsResult(filters: WebFilters | undefined, now: Date) {
  const rules = rulesOf(filters?.domains);
  const included = rules.filter((r) => !r.exclude);
  const excluded = rules.filter((r) => r.exclude);
  const recency = filters?.recency;
  return (result: { url: string; publishedDate?: string | null }) => {
    let host: string;
    try {
      host = new URL(result.url).hostname;
    } catch {
      return false;
    }
    if (excluded.some((r) => hostIn(host, r.domain))) return false;
    if (included.length && !included.some((r) => hostIn(host, r.domain))) return false;
    if (!recency) return true;
    const at = publishedAt(result.publishedDate);
    if (at === null) return recency !== 'hour';
    return at >= now.getTime() - RECENCY_MS[recency];
  };
}

/** Whether any filter is set (an empty filter is none). */
export const hasFilters = (filters: WebFilters | undefined | null): filters is WebFilters =>
  !!filters && (!!filters.domains?.length || !!filters.recency || !!filters.academic);
