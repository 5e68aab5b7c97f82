// The only way this server calls a remote tool server or its authorization server: every address
// passes the Space links' rules first (server-url.ts), and the connection itself refuses a name
// that resolves to a private address (undici's lookup hook; DNS rebinding cannot dodge it).
// Redirects are not followed: a redirect could point anywhere. Each call is bounded in time, and
// each response in size: past MCP_RESPONSE_MAX_BYTES it fails with a plain error (a server cannot
// fill this server's memory).
import { Agent, fetch as undiciFetch } from 'undici';
import { publicOnlyLookup } from '../shared/public-address.js';
import { toolErrors } from './errors.js';
import { MCP_CALL_TIMEOUT_MS, MCP_RESPONSE_MAX_BYTES } from './limits.js';
import { allowedPrivate, checkServerUrl } from './server-url.js';

const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup(() => toolErrors.blockedUrl()) } });
const anyAddress = new Agent();

/** A fetch for the MCP SDK (transport and OAuth discovery) under these rules. */
export function guardedFetch(allowPrivateHosts: readonly string[]): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(checkServerUrl(raw, allowPrivateHosts));
    const dispatcher = allowedPrivate(url, allowPrivateHosts) ? anyAddress : publicOnly;
    // A long-lived event stream is the server's to end; every other call has a deadline.
    const wantsStream = init.method === undefined || init.method === 'GET';
    const signals = [...(init.signal ? [init.signal] : []), ...(wantsStream ? [] : [AbortSignal.timeout(MCP_CALL_TIMEOUT_MS)])];
    const res = await undiciFetch(url.href, {
      ...(init as object),
      redirect: 'manual',
      dispatcher,
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    } as Parameters<typeof undiciFetch>[1]);
    return bounded(res as unknown as Response, MCP_RESPONSE_MAX_BYTES);
  }) as typeof fetch;
}

/** The response with its body cut off by an error once it passes `max` bytes (declared or streamed). */
export function bounded(res: Response, max: number): Response {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > max) {
    void res.body?.cancel().catch(() => {});
    throw toolErrors.responseTooLarge();
  }
  if (!res.body) return res;
  let seen = 0;
  const body = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(toolErrors.responseTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  const out = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  // The SDK resolves discovery addresses against the response's own.
  Object.defineProperty(out, 'url', { value: res.url });
  return out;
}
