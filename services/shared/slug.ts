// Readable words for URLs, shared by thread slugs and Space slugs.
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
