// Fetches the page behind a Space's link for indexing. The link comes from a user, so the fetch
// must not reach the server's own network: every hop's address is checked when it is connected
// to, redirects are followed by hand and checked again, and time and size are bounded.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, publicOnlyLookup } from '../../shared/public-address.js';
import { fromNetworkError, LinkFetchError, linkErrors } from './fetch-errors.js';
import { normalizeLink } from './normalize.js';
import { decodeText, parseContentType, readCapped } from './read-body.js';

export { LinkFetchError, type LinkFetchErrorCode } from './fetch-errors.js';

/** `contentType` is the media type alone ("text/html"); the body is already decoded by its charset. */
export type FetchedPage = {
  url: string /* final, after redirects */;
  contentType: string;
  body: string;
  /** The page's validators, for a later conditional fetch (absent when the server gave none). */
  etag?: string;
  lastModified?: string;
  /** A conditional fetch (`validators`) answered 304: the copy held is still good; `body` is empty. */
  notModified?: true;
};

/** What a cached copy was served with: sent back as If-None-Match / If-Modified-Since. */
export type PageValidators = { etag?: string | null; lastModified?: string | null };

export type FetchPageOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** "host:port" pairs that may be fetched although private (end-to-end tests' fake sites). */
  allowPrivateHosts?: readonly string[];
  /** Name resolution to use instead of dns.lookup (tests). Its answers are still checked. */
  lookup?: LookupFunction;
  /** Makes the fetch conditional: a 304 then comes back as `notModified` rather than an error. */
  validators?: PageValidators;
};

// 10 MB: pages are parsed in a worker with its own limits (extract-in-worker.ts), not here.
export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 10_485_760, maxRedirects: 5 } as const;
export const PAGE_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml', 'text/plain'];

const HEADERS = { 'user-agent': 'AnswerEngineLinkFetcher/1.0', accept: 'text/html,application/xhtml+xml,text/plain;q=0.8' };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const hostPort = (url: URL) => `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;

export async function fetchPage(url: string, opts: FetchPageOptions = {}): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? FETCH_LIMITS.timeoutMs;
  const maxBytes = opts.maxBytes ?? FETCH_LIMITS.maxBytes;
  const maxRedirects = opts.maxRedirects ?? FETCH_LIMITS.maxRedirects;
  const allowed = new Set((opts.allowPrivateHosts ?? []).map((h) => h.trim().toLowerCase()));
  const start = normalizeLink(url);
  if (!start.ok) throw new LinkFetchError('invalid_link', start.detail);

  // One deadline for the whole fetch, redirects and body included.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  let current = new URL(start.url);
  try {
    for (let hop = 0; ; hop++) {
      const res = await requestOnce(current, allowed.has(hostPort(current)), opts.lookup, deadline.signal, conditionalHeaders(opts.validators));
      const status = res.statusCode ?? 0;
      if (status === 304 && opts.validators) {
        res.destroy();
        return { url: current.href, contentType: '', body: '', notModified: true, ...validatorsOf(res) };
      }
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw linkErrors.tooManyRedirects(maxRedirects);
        current = nextHop(current, res.headers.location);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw linkErrors.httpStatus(status);
      }
      const { type, charset } = parseContentType(res.headers['content-type']);
      if (!PAGE_TYPES.includes(type)) {
        res.destroy();
        throw linkErrors.notPage(type);
      }
      const bytes = await readCapped(res, maxBytes);
      return { url: current.href, contentType: type, body: decodeText(bytes, charset), ...validatorsOf(res) };
    }
  } catch (error) {
    if (deadline.signal.aborted) throw linkErrors.timeout(timeoutMs);
    throw fromNetworkError(error, current.hostname);
  } finally {
    clearTimeout(timer);
  }
}

function conditionalHeaders(v: PageValidators | undefined): Record<string, string> {
  return { ...(v?.etag ? { 'if-none-match': v.etag } : {}), ...(v?.lastModified ? { 'if-modified-since': v.lastModified } : {}) };
}

// Validators are echoed back to the server only, never shown: bounded so a hostile header stays small.
function validatorsOf(res: IncomingMessage): { etag?: string; lastModified?: string } {
  const etag = res.headers.etag;
  const lastModified = res.headers['last-modified'];
  return {
    ...(typeof etag === 'string' && etag.length <= 256 ? { etag } : {}),
    ...(typeof lastModified === 'string' && lastModified.length <= 64 ? { lastModified } : {}),
  };
}

function nextHop(from: URL, location: string): URL {
  let target: string;
  try {
    target = new URL(location, from).href;
  } catch {
    throw linkErrors.invalidRedirect('the redirect target is not a valid web address.');
  }
  const next = normalizeLink(target);
  if (!next.ok) throw linkErrors.invalidRedirect(next.detail);
  return new URL(next.url);
}

function requestOnce(
  target: URL,
  allowPrivate: boolean,
  lookup: LookupFunction | undefined,
  signal: AbortSignal,
  conditional: Record<string, string> = {},
): Promise<IncomingMessage> {
  // Node skips name resolution for an IP literal, so the lookup's check would never run.
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowPrivate && !isPublicAddress(literal)) return Promise.reject(linkErrors.blocked());
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false gives each hop its own connection, closed after it, so nothing lingers.
    const req = client.request(
      target,
      { method: 'GET', headers: { ...HEADERS, ...conditional }, agent: false, lookup: publicOnlyLookup(linkErrors.blocked, lookup, allowPrivate), signal },
      (res) => {
        // The deadline also has to stop a body that is still arriving.
        signal.addEventListener('abort', () => res.destroy(), { once: true });
        resolve(res);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
