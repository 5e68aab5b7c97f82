// Readable words for URLs, shared by thread, Space and organisation slugs.
/** Lower-case ASCII words joined by '-', at most `maxLength` characters (accents dropped, so 'Crème' gives 'creme'). */
export function slugify(text: string, maxLength = 60) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
