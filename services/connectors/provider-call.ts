// Every call an adapter makes to its provider: the connection's bearer token (refreshed once when
// the provider refuses it), the connection's rate limiter, and retries through p-retry: a 429 or
// 503 waits what Retry-After says (reported, so the sync shows RATE_LIMITED 'Queued'), other 5xx
// and network failures back off exponentially. Answers are read with a size limit; addresses come
// from configuration only (the family's API base): a provider's next-page link or redirect is
// followed only when it points at that origin (or at a host the adapter names, as Box's downloads).
import pRetry, { AbortError } from 'p-retry';
import type { RateLimiter } from './rate-limiter.js';
import { retryAfterMs } from './rate-limiter.js';

export type ProviderCallDeps = {
  /** The limiter's key: provider and connection. */
  key: string;
  apiBase: string;
  /** The access token; `stale` is the one the provider just refused. */
  token: (stale?: string) => Promise<string>;
  limiter: RateLimiter;
  /** Told when the provider asks to wait, with how long. */
  onRateLimited?: (ms: number) => void;
  /** Retries of one call (failures, not the provider's paced waits) before it fails. */
  retries?: number;
  /** Waits the provider may ask for in a row before the call fails (a person's request waits none: the sync will). */
  pacedWaits?: number;
  /** Exponential backoff's first wait (tests shorten it). */
  minBackoffMs?: number;
};

/** Where a redirect may go beside the API's own origin: an adapter's download hosts, by origin or by https host suffix. */
export type RedirectPolicy = { origins?: readonly string[]; hostSuffixes?: readonly string[] };

export function redirectAllowed(to: URL, apiOrigin: string, policy: RedirectPolicy = {}) {
  if (to.origin === apiOrigin || (policy.origins ?? []).includes(to.origin)) return true;
  return to.protocol === 'https:' && (policy.hostSuffixes ?? []).some((suffix) => to.hostname.endsWith(suffix));
}

/** The provider answered with an error that retrying will not change. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderHttpError';
  }
}

const TIMEOUT_MS = 30_000;
const MAX_WAIT_MS = 5 * 60_000;
/** Waits a provider may ask for in a row before the call counts as failed (then p-retry's backoff). */
const MAX_PACED_WAITS = 30;
export const MAX_JSON_BYTES = 16 * 1024 * 1024;

export type Init = {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (an OAuth token endpoint). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** False: no bearer token (a call that carries its token in its body). */
  bearer?: boolean;
  redirects?: RedirectPolicy;
  /** The ETag of the copy the caller holds: the provider may answer 304, which is then no error. */
  ifNoneMatch?: string;
  /** Error statuses whose body still goes to `read`, which names the error (a GraphQL server's 400). */
  readBodyOf?: number[];
};

const MAX_REDIRECTS = 3;

/** A provider's absolute link (an @odata.nextLink) as a path under the API base; refused when it leaves it. */
export function apiPathOf(apiBase: string, link: string): string {
  const base = new URL(apiBase);
  const url = new URL(link, base);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)))
    throw new ProviderHttpError(502, "the provider's link leaves its configured address");
  return url.pathname.slice(prefix.length) + url.search;
}

function bodyOf(init: Init) {
  if (init.form) return { body: new URLSearchParams(init.form).toString(), type: 'application/x-www-form-urlencoded' };
  if (init.body !== undefined) return { body: JSON.stringify(init.body), type: 'application/json' };
  return { body: undefined, type: null };
}

function urlOf(deps: ProviderCallDeps, path: string, query: Init['query']) {
  const url = new URL(deps.apiBase + path);
  if (url.origin !== new URL(deps.apiBase).origin) throw new Error('a provider call left its configured address');
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/**
 * How long the provider asked to wait, or null when it did not. A 429 or 503 says it with
 * Retry-After; GitHub's limits answer 403: a secondary limit with Retry-After, the hourly one
 * with `x-ratelimit-remaining: 0` and the epoch second it resets at.
 */
export function pacedWaitMs(res: { status: number; headers: Headers }, now: number = Date.now()): number | null {
  if (res.status !== 429 && res.status !== 503 && res.status !== 403) return null;
  const after = retryAfterMs(res.headers.get('retry-after'), now);
  if (after !== null || res.status !== 403) return after;
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  return res.headers.get('x-ratelimit-remaining') === '0' && reset > 0 ? Math.max(0, reset * 1000 - now) : null;
}

/**
 * One call with its retries; `read` takes the answer when it is 2xx (or 304 to a conditional
 * request). A ProviderHttpError thrown by `read` (a provider that answers 200 with an error in
 * its body) counts as that status: 401 refreshes the token once, 429 and 5xx are retried.
 */
async function call<R>(deps: ProviderCallDeps, path: string, init: Init, read: (res: Response) => Promise<R>): Promise<R> {
  let token = await deps.token();
  let refreshed = false;
  const { body, type } = bodyOf(init);
  const fetchOnce = async (url: URL, method: string, withBody: boolean, bearer: boolean) => {
    try {
      return await fetch(url, {
        method,
        headers: {
          ...(bearer ? { authorization: `Bearer ${token}` } : {}),
          accept: 'application/json',
          ...(withBody && type ? { 'content-type': type } : {}),
          ...(init.ifNoneMatch ? { 'if-none-match': init.ifNoneMatch } : {}),
          ...(withBody ? init.headers : {}),
        },
        body: withBody ? body : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'manual',
      });
    } catch (err) {
      throw new ProviderHttpError(0, `the provider could not be reached (${(err as Error).name})`);
    }
  };
  const send = async () => {
    await deps.limiter.take(deps.key);
    const apiOrigin = new URL(deps.apiBase).origin;
    let url = urlOf(deps, path, init.query);
    let res = await fetchOnce(url, init.method ?? 'GET', true, init.bearer !== false);
    // A redirect is followed (as a GET) only to the API's origin or a host the adapter allows;
    // the token goes only to the API's origin (a download host's address is signed already).
    for (let hops = 0; res.status >= 300 && res.status < 400 && res.headers.get('location'); hops++) {
      await res.body?.cancel();
      const next = new URL(res.headers.get('location') ?? '', url);
      if (!redirectAllowed(next, apiOrigin, init.redirects) || hops >= MAX_REDIRECTS)
        throw new AbortError(new ProviderHttpError(502, `the provider redirected to an address not allowed (${next.origin})`));
      url = next;
      res = await fetchOnce(url, 'GET', false, init.bearer !== false && next.origin === apiOrigin);
    }
    return res;
  };
  // `error` is the reader's own (a subclass naming the provider's error code), kept as it is.
  const failed = async (status: number, message: string, error?: ProviderHttpError): Promise<never> => {
    if (status === 401 && !refreshed && init.bearer !== false) {
      refreshed = true;
      token = await deps.token(token);
      throw new ProviderHttpError(401, 'the provider refused the token; refreshed');
    }
    if (status === 429 || status >= 500) throw error ?? new ProviderHttpError(status, message);
    throw new AbortError(error ?? new ProviderHttpError(status, message));
  };
  return pRetry(
    async () => {
      let res = await send();
      // Waits the provider names are its own pacing, not failures: they use up no retry.
      // Each wait is kept (the connection's next calls wait too), even the one this call no longer waits out.
      for (let waits = 0; ; waits++) {
        const wait = pacedWaitMs(res);
        if (wait === null) break;
        await res.body?.cancel();
        deps.limiter.pause(deps.key, Math.min(wait, MAX_WAIT_MS));
        deps.onRateLimited?.(Math.min(wait, MAX_WAIT_MS));
        if (waits >= (deps.pacedWaits ?? MAX_PACED_WAITS)) break;
        res = await send();
      }
      if (res.ok || (res.status === 304 && init.ifNoneMatch) || init.readBodyOf?.includes(res.status)) {
        try {
          return await read(res);
        } catch (err) {
          if (!(err instanceof ProviderHttpError)) throw err;
          return await failed(err.status, err.message, err);
        }
      }
      await res.body?.cancel();
      return await failed(res.status, res.status === 429 || res.status >= 500 ? `the provider failed (${res.status})` : `the provider answered ${res.status}`);
    },
    { retries: deps.retries ?? 6, minTimeout: deps.minBackoffMs ?? 1000, maxTimeout: 60_000 },
  );
}

/** Reads at most `max` bytes of a body; more is an error, not a truncation. */
export async function readLimited(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) {
    await res.body?.cancel();
    throw new ProviderHttpError(413, `the provider's answer is larger than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw new ProviderHttpError(413, `the provider's answer is larger than ${max} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function parseJson<T>(bytes: Buffer): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    // Retrying will not make it JSON.
    throw new AbortError(new ProviderHttpError(502, 'the provider answered with something that is not JSON'));
  }
}

/**
 * The answer as JSON. `check` sees it first, for providers that answer 200 with an error in the
 * body (Slack's `ok: false`): it throws a ProviderHttpError of the status the error stands for.
 */
export async function providerJson<T>(deps: ProviderCallDeps, path: string, init: Init = {}, check?: (body: T) => void): Promise<T> {
  return call(deps, path, init, async (res) => {
    const body = parseJson<T>(await readLimited(res, MAX_JSON_BYTES));
    check?.(body);
    // An error status read for its body (`readBodyOf`) stays an error when `check` names none.
    if (!res.ok) throw new ProviderHttpError(res.status, `the provider answered ${res.status}`);
    return body;
  });
}

export async function providerBytes(deps: ProviderCallDeps, path: string, maxBytes: number, init: Init = {}) {
  return call(deps, path, init, async (res) => ({
    bytes: await readLimited(res, maxBytes),
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
  }));
}

/** A provider's answer with its headers (paging links, ETags); a 304 to a conditional request has no body. */
export type ProviderAnswer = { status: number; headers: Headers; bytes: Buffer };

export async function providerAnswer(deps: ProviderCallDeps, path: string, maxBytes: number, init: Init = {}): Promise<ProviderAnswer> {
  return call(deps, path, init, async (res) => ({
    status: res.status,
    headers: res.headers,
    bytes: res.status === 304 ? Buffer.alloc(0) : await readLimited(res, maxBytes),
  }));
}

export const jsonOf = <T>(bytes: Buffer): T => parseJson<T>(bytes);
