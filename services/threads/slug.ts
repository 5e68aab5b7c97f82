import { slugify } from '../shared/slug.js';

// thread_url_slug: readable words of the question plus a short suffix from the thread's uuid,
// so two threads asking the same question still get different URLs.
export function slugFor(query: string, contextUuid: string) {
  const words = slugify(query);
  const suffix = contextUuid.replace(/-/g, '').slice(0, 10);
  return words ? `${words}-${suffix}` : `thread-${suffix}`;
}
