/** Lower-case ASCII words joined by '-', at most 60 characters (accents dropped). */
export function slugify(text: string) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

// thread_url_slug: readable words of the question plus a short suffix from the thread's uuid,
// so two threads asking the same question still get different URLs.
export function slugFor(query: string, contextUuid: string) {
  const words = slugify(query);
  const suffix = contextUuid.replace(/-/g, '').slice(0, 10);
  return words ? `${words}-${suffix}` : `thread-${suffix}`;
}
