// The provider client's addresses: a provider's absolute link is followed only under the configured
// API base, a redirect only to that origin or a download host the adapter names (and the token goes
// to the API's origin only), and a form call without a bearer token (an OAuth token endpoint) is
// sent as a form. Against a server on 127.0.0.1.
import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLoopback, readBody } from '../../tests/fakes/listen.js';
import { apiPathOf, type ProviderCallDeps, ProviderHttpError, providerBytes, providerJson, redirectAllowed } from './provider-call.js';
import { RateLimiter } from './rate-limiter.js';

let server: Awaited<ReturnType<typeof listenLoopback>>;
const seen: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = await listenLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: url.pathname, headers: req.headers, body: await readBody(req) });
    if (url.pathname === '/api/busy') {
      res.writeHead(429, { 'retry-after': '30' });
      return res.end();
    }
    if (url.pathname === '/api/hop') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/api/bytes' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
});
afterAll(async () => server?.close());

const deps = (): ProviderCallDeps => ({ key: 'k', apiBase: `${server.url}/api`, token: async () => 'tok', limiter: new RateLimiter(0), retries: 0 });

describe('the provider client', () => {
  it('turns a link under the API base into a path, and refuses one elsewhere', () => {
    expect(apiPathOf('https://graph.microsoft.com/v1.0', 'https://graph.microsoft.com/v1.0/drives/d/items/i/children?$skiptoken=x')).toBe(
      '/drives/d/items/i/children?$skiptoken=x',
    );
    for (const link of [
      'https://evil.example/v1.0/drives',
      'https://graph.microsoft.com/beta/drives',
      'https://graph.microsoft.com/v1.0x/drives',
      'http://graph.microsoft.com/v1.0/x',
    ])
      expect(() => apiPathOf('https://graph.microsoft.com/v1.0', link)).toThrow(ProviderHttpError);
  });

  it('allows a redirect to the API origin, a named origin, or an https host under a named suffix', () => {
    const api = 'https://api.box.com';
    expect(redirectAllowed(new URL('https://api.box.com/2.0/x'), api)).toBe(true);
    expect(redirectAllowed(new URL('https://dl.boxcloud.com/d/1'), api, { origins: ['https://dl.boxcloud.com'] })).toBe(true);
    expect(redirectAllowed(new URL('https://evil.boxcloud.com/d/1'), api, { origins: ['https://dl.boxcloud.com'] })).toBe(false);
    expect(redirectAllowed(new URL('https://contoso.sharepoint.com/x'), api, { hostSuffixes: ['.sharepoint.com'] })).toBe(true);
    expect(redirectAllowed(new URL('http://contoso.sharepoint.com/x'), api, { hostSuffixes: ['.sharepoint.com'] })).toBe(false);
    expect(redirectAllowed(new URL('https://sharepoint.com.evil.example/x'), api, { hostSuffixes: ['.sharepoint.com'] })).toBe(false);
  });

  it('follows a redirect on its own origin with the token, and refuses one to another origin', async () => {
    seen.length = 0;
    expect((await providerBytes(deps(), '/hop', 100)).bytes.toString()).toBe('{"ok":true}');
    expect(seen.map((s) => [s.path, s.headers.authorization])).toEqual([
      ['/api/hop', 'Bearer tok'],
      ['/api/bytes', 'Bearer tok'],
    ]);
    await expect(providerBytes(deps(), '/hop', 100, { query: { to: 'http://elsewhere.invalid/x' } })).rejects.toMatchObject({ status: 502 });
  });

  it('sends a form without a bearer token when asked', async () => {
    seen.length = 0;
    await providerJson(deps(), '/token', { method: 'POST', form: { grant_type: 'g', scope: 'a b' }, bearer: false });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[0].body).get('scope')).toBe('a b');
  });

  it("a call a person waits for fails at the first wait the provider asks for, and the connection's next calls keep that wait", async () => {
    seen.length = 0;
    const told: number[] = [];
    const call = { ...deps(), pacedWaits: 0, onRateLimited: (ms: number) => void told.push(ms) };
    await expect(providerJson(call, '/busy')).rejects.toMatchObject({ status: 429 });
    expect(seen.map((s) => s.path)).toEqual(['/api/busy']);
    expect(told).toEqual([30_000]);
    expect(call.limiter.pausedFor('k')).toBeGreaterThan(29_000);
  });
});
