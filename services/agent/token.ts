// The short-lived token the web app hands the browser extension for the /agent socket (the
// extension cannot send the site's session cookie from its service worker): the person's id and
// an expiry, signed with a key derived from the server's secret. Nothing is stored; a token is
// good until it expires.
import { createHmac, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string) => createHmac('sha256', secret).update('agent-token/v1').digest();
const mac = (secret: string, body: string) => createHmac('sha256', keyOf(secret)).update(body).digest('base64url');

export function signAgentToken(secret: string, userId: string, expiresAt: Date) {
  const body = Buffer.from(JSON.stringify({ u: userId, e: expiresAt.getTime() })).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

/** The person a token names, or null when it is forged, malformed or expired. */
export function verifyAgentToken(secret: string, token: unknown, now: Date): string | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const { u, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof u === 'string' && typeof e === 'number' && e > now.getTime() ? u : null;
  } catch {
    return null;
  }
}
