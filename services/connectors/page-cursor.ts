// A provider's page cursor as the browser carries it: base64url, so a cursor that is an address
// (Graph's next links) or holds '=', '&' or '/' (Dropbox's, Box's markers) travels as one plain
// query value, and what comes back is the provider's cursor again. Opaque to the browser, never
// trusted: each adapter still checks what a cursor may reach.
import { connectorErrors } from './errors.js';

export const encodePageCursor = (cursor: string | null) => (cursor === null ? null : Buffer.from(cursor, 'utf8').toString('base64url'));

export function decodePageCursor(cursor: string | null | undefined): string | null {
  if (!cursor) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw connectorErrors.badCursor();
  return Buffer.from(cursor, 'base64url').toString('utf8');
}
