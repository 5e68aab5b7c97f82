// A site's domain as instructions are kept under it: whatever people paste (an address, a
// domain in capitals, a trailing dot, `www.`) becomes one lower-case ASCII host name, so the
// same site is never listed twice. Only names under a public suffix count: no IP addresses,
// no `localhost`, no bare suffix such as `co.uk`.
// Shared with the web app's form and the mocks, so it uses only what browsers have too.
import { parse } from 'tldts';

/** The host name in ASCII (punycode), as the URL parser writes it; '' when it is not one. */
function toAscii(host: string) {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return '';
  }
}

/** The normalised domain, or null when the text names no public site. */
export function normaliseSiteDomain(raw: string): string | null {
  const text = raw.trim();
  if (!text || text.length > 300 || /\s/.test(text)) return null;
  const parsed = parse(text.includes('://') ? text : `http://${text}`);
  if (!parsed.hostname || parsed.isIp || !parsed.domain) return null;
  const ascii = toAscii(parsed.hostname.replace(/\.$/, ''));
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  const host = labels[0] === 'www' && labels.length > 2 ? labels.slice(1).join('.') : ascii;
  // The name must still be more than its public suffix once `www.` is gone.
  return parse(host).domain ? host : null;
}
