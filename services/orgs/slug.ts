import { slugify } from '../shared/slug.js';

// An organisation's URL-safe short name, from its name when none is given. The words come from the
// one shared slugify (accents dropped); only the length and the fallback are the organisation's own.
const ORG_SLUG_MAX = 40;

export function orgSlug(name: string) {
  return slugify(name, ORG_SLUG_MAX) || `org-${Date.now().toString(36)}`;
}
