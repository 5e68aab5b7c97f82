// When a cached web page may be used as it is, and how it is fetched again otherwise: within its
// time to live it is used; past it, a page with validators (ETag, Last-Modified) is asked for
// conditionally (a 304 renews it), one without is fetched whole.
export type CachedCopy = { checked_at: Date; etag: string | null; last_modified: string | null };

export type Freshness = 'missing' | 'fresh' | 'revalidate' | 'refetch';

export function freshness(copy: CachedCopy | undefined, now: Date, ttlMs: number): Freshness {
  if (!copy) return 'missing';
  const age = now.getTime() - copy.checked_at.getTime();
  // A copy from the future (clocks of two instances apart) is as old as its skew: still fresh.
  if (age < ttlMs) return 'fresh';
  return copy.etag || copy.last_modified ? 'revalidate' : 'refetch';
}
