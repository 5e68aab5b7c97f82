// A Space's key and slug (seed 000 §3: "The last 22 characters of a slug are the collection
// key"). The key is the uuid's 16 bytes in base64url, exactly 22 characters, so a key finds its
// Space without a lookup table and an old slug keeps working after a rename.
import { slugify } from '../shared/slug.js';

export const KEY_LENGTH = 22;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (s: string) => UUID.test(s);

export function spaceKey(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

/** The uuid behind a key, or null when it is not one. */
export function uuidFromKey(key: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) return null;
  const hex = Buffer.from(key, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return spaceKey(uuid) === key ? uuid : null;
}

/** `<title-words>-<key>`; a title without words gives `space-<key>`. */
export function spaceSlug(title: string, uuid: string): string {
  return `${slugify(title) || 'space'}-${spaceKey(uuid)}`;
}

/** What a collection_slug parameter names: a uuid, or a slug (or bare key) ending in a key. */
export function uuidFromSlugOrKey(value: string): string | null {
  if (isUuid(value)) return value.toLowerCase();
  return value.length >= KEY_LENGTH ? uuidFromKey(value.slice(-KEY_LENGTH)) : null;
}
