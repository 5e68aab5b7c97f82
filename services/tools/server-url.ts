// The Space links' rules for a tool server's address (services/spaces/links/safe-fetch.ts): http or
// https, no credentials in it, and no private, loopback or link-local host unless the operator
// allowed that "host:port" (SPACE_LINKS_ALLOW_PRIVATE_HOSTS). A name is checked again when it is
// connected to (guarded-fetch.ts), so one that resolves to a private address is refused there.
import { isIP } from 'node:net';
import { isPublicAddress } from '../shared/public-address.js';
import { toolErrors } from './errors.js';
import { MCP_URL_MAX } from './limits.js';

export const hostPort = (url: URL) => `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();

const LOCAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)$/i;

/** Whether this "host:port" is one the operator allowed although private. */
export const allowedPrivate = (url: URL, allow: readonly string[]) => {
  const hp = hostPort(url);
  const bracketed = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
  return allow.some((a) => a === hp || a === bracketed);
};

/** The address as it is kept (normalised by WHATWG URL parsing), or a `mcp_server_url_*` error. */
export function checkServerUrl(raw: string, allowPrivateHosts: readonly string[]): string {
  const text = raw.trim();
  if (!text) throw toolErrors.invalidUrl('it is blank.');
  if (text.length > MCP_URL_MAX) throw toolErrors.invalidUrl(`keep it to ${MCP_URL_MAX} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw toolErrors.invalidUrl('it is not a web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw toolErrors.invalidUrl('use an http or https address.');
  if (url.username || url.password) throw toolErrors.invalidUrl('leave out the user name and password.');
  if (!url.hostname) throw toolErrors.invalidUrl('it has no host.');
  url.hash = '';
  if (allowedPrivate(url, allowPrivateHosts)) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) ? !isPublicAddress(host) : LOCAL_NAMES.test(host) || !host.includes('.')) throw toolErrors.blockedUrl();
  return url.href;
}
