// One spelling per link, so the same page added twice is recognised and every later check
// (address policy, redirects) works on a URL that is already known to be http(s).
export const MAX_LINK_LENGTH = 2048;

export type NormalizedLink = { ok: true; url: string } | { ok: false; code: 'invalid_link'; detail: string };

// "example.com:8080/x" looks like a scheme to a URL parser; a colon followed by digits is a port.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_AND_PORT = /^[^:/?#]+:\d+(?:[/?#]|$)/;
// Host names as DNS knows them (the parser has already turned other scripts into punycode), or an
// IP literal; the parser alone would accept hosts such as "!".
const DNS_NAME = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

const refuse = (detail: string): NormalizedLink => ({ ok: false, code: 'invalid_link', detail });

function withScheme(input: string): string {
  if (input.startsWith('//')) return `https:${input}`;
  if (HAS_SCHEME.test(input) && !HOST_AND_PORT.test(input)) return input;
  return `https://${input}`;
}

export function normalizeLink(raw: string): NormalizedLink {
  const input = raw.trim();
  if (!input) return refuse('The link is empty.');
  if (input.length > MAX_LINK_LENGTH) return refuse(`The link is longer than ${MAX_LINK_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(withScheme(input));
  } catch {
    return refuse('This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('Only http and https links can be added.');
  if (url.username || url.password) return refuse('Links with a user name or password in them cannot be added.');
  if (!url.hostname) return refuse('The link has no host name.');
  if (!DNS_NAME.test(url.hostname) && !IPV6_LITERAL.test(url.hostname)) return refuse("The link's host name is not valid.");
  // The URL parser already lower-cases the host and drops default ports; the fragment never
  // reaches the server, so it only makes two spellings of one page.
  url.hash = '';
  const href = url.href;
  if (href.length > MAX_LINK_LENGTH) return refuse(`The link is longer than ${MAX_LINK_LENGTH} characters.`);
  return { ok: true, url: href };
}
