// The only way this server calls an organisation's identity provider, whose address an admin
// typed: https only, never to a private, loopback, link-local or otherwise non-public address
// (so an issuer cannot make the server reach its own network or a cloud metadata service), no
// redirects followed, a time limit, and a cap on the bytes read. An operator may allow private
// issuers (SSO_ALLOW_PRIVATE_ISSUERS, for a provider on the LAN; the tests' provider).
// The address is checked twice: before the call (a clear refusal) and again by the connection
// itself (undici's lookup hook), so a name that resolves differently the second time (DNS
// rebinding) still cannot reach a private address.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { readCappedBody } from '../shared/capped-body.js';
import { isPublicAddress, publicOnlyLookup } from '../shared/public-address.js';

export const SSO_FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 512 * 1024 } as const;

export class SsoFetchRefused extends Error {
  constructor(readonly reason: 'scheme' | 'private_address' | 'too_large' | 'unresolvable') {
    super(`refused to call the identity provider (${reason})`);
    this.name = 'SsoFetchRefused';
  }
}

export type HostLookup = (host: string) => Promise<string[]>;
const systemLookup: HostLookup = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Refuses a URL this server must not call; resolves its host to check every address it has. */
export async function checkProviderUrl(raw: string, o: { allowPrivate: boolean; lookup?: HostLookup }) {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(o.allowPrivate && url.protocol === 'http:')) throw new SsoFetchRefused('scheme');
  if (o.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (o.lookup ?? systemLookup)(host);
  } catch {
    throw new SsoFetchRefused('unresolvable');
  }
  if (!addresses.length || !addresses.every(isPublicAddress)) throw new SsoFetchRefused('private_address');
  return url;
}

async function readCapped(res: Response, maxBytes: number) {
  const body = await readCappedBody(res, maxBytes);
  if (body === 'too_large') throw new SsoFetchRefused('too_large');
  return body;
}

/** Connections that refuse, at connect time, any address that is not public. */
const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup(() => new SsoFetchRefused('private_address')) } });

const publicOnlyFetch = ((url: string, init: RequestInit) =>
  undiciFetch(url, { ...(init as object), dispatcher: publicOnlyAgent } as Parameters<typeof undiciFetch>[1])) as unknown as typeof fetch;

/** A fetch for openid-client ([customFetch]) with the checks above. */
export function guardedFetch(o: { allowPrivate: boolean; lookup?: HostLookup; fetch?: typeof fetch }) {
  return async (url: string, init: Omit<RequestInit, 'body'> & { body?: unknown }): Promise<Response> => {
    await checkProviderUrl(url, o);
    const signal = AbortSignal.any([AbortSignal.timeout(SSO_FETCH_LIMITS.timeoutMs), ...(init.signal ? [init.signal] : [])]);
    const res = await (o.fetch ?? (o.allowPrivate ? fetch : publicOnlyFetch))(url, {
      ...init,
      body: init.body as BodyInit | undefined,
      redirect: 'manual',
      signal,
    });
    const body = await readCapped(res, SSO_FETCH_LIMITS.maxBytes);
    return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
