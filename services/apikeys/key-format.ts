// An API key's secret: `aek-` then 32 random bytes in base64url (43 characters, 256 bits). Only
// its SHA-256 hash is stored (a secret this long needs no slow hash: it cannot be guessed), and
// its first 12 characters are shown to tell keys apart. Pure: the random bytes are passed in.
import { createHash } from 'node:crypto';

export const KEY_PREFIX = 'aek-';
export const SECRET_BYTES = 32;
const SECRET_PATTERN = /^aek-[A-Za-z0-9_-]{43}$/;

export const secretOf = (random: Uint8Array) => {
  if (random.length !== SECRET_BYTES) throw new Error(`an API key needs ${SECRET_BYTES} random bytes`);
  return `${KEY_PREFIX}${Buffer.from(random).toString('base64url')}`;
};

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export const shownPrefix = (secret: string) => secret.slice(0, 12);

export const looksLikeSecret = (text: string) => SECRET_PATTERN.test(text);

/** The secret of an `Authorization: Bearer <secret>` header, or null when there is none of our shape. */
export function bearerSecret(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return m && looksLikeSecret(m[1]) ? m[1] : null;
}
