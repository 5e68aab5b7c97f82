// Why a link could not be fetched, with a message that can be shown to the person who added it.
import { STATUS_CODES } from 'node:http';

export type LinkFetchErrorCode = 'invalid_link' | 'link_blocked' | 'link_unreachable' | 'link_too_large' | 'link_timeout' | 'link_not_html' | 'link_unreadable';

export class LinkFetchError extends Error {
  readonly code: LinkFetchErrorCode;

  constructor(code: LinkFetchErrorCode, message: string) {
    super(message);
    this.name = 'LinkFetchError';
    this.code = code;
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} seconds`;

export const linkErrors = {
  invalidRedirect: (detail: string) => new LinkFetchError('invalid_link', `The link redirects to an address Spaces cannot fetch: ${detail}`),
  blocked: () => new LinkFetchError('link_blocked', 'This link points to a private or local network address, which Spaces cannot fetch.'),
  hostNotFound: (host: string) => new LinkFetchError('link_unreachable', `Could not reach ${host}: no server by that name was found.`),
  connectionFailed: (host: string, reason: string) => new LinkFetchError('link_unreachable', `Could not reach ${host}: ${reason}.`),
  // The status's standard name, not the server's reason phrase, which could say anything.
  httpStatus: (status: number) =>
    new LinkFetchError(
      'link_unreachable',
      `The page could not be fetched: the server answered with HTTP status ${status}${STATUS_CODES[status] ? ` (${STATUS_CODES[status]})` : ''}.`,
    ),
  tooManyRedirects: (max: number) => new LinkFetchError('link_unreachable', `The link redirects more than ${max} times, so Spaces stopped following it.`),
  tooLarge: (maxBytes: number) => new LinkFetchError('link_too_large', `The page is larger than ${megabytes(maxBytes)}, the most Spaces can fetch.`),
  timeout: (timeoutMs: number) => new LinkFetchError('link_timeout', `The page took longer than ${seconds(timeoutMs)} to load.`),
  notPage: (contentType: string) =>
    new LinkFetchError(
      'link_not_html',
      `The link is not a web page (its content type is ${contentType || 'not given'}); Spaces can only add HTML or plain-text pages.`,
    ),
  // Fetched, but too large or too complex to read within the limits of a page's parsing.
  unreadable: (reason: string) => new LinkFetchError('link_unreadable', `The page could not be read: ${reason}.`),
};

// Network errors as Node reports them, in words a person can act on.
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the server refused the connection',
  ECONNRESET: 'the connection was closed unexpectedly',
  EHOSTUNREACH: 'the server cannot be reached from here',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  EPROTO: 'the secure connection failed',
};

export function fromNetworkError(error: unknown, host: string): LinkFetchError {
  if (error instanceof LinkFetchError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return linkErrors.hostNotFound(host);
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return linkErrors.connectionFailed(host, 'its security certificate is not valid');
  return linkErrors.connectionFailed(host, NETWORK_REASONS[code] ?? 'the connection failed');
}
