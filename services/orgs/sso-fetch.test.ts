import { describe, expect, it } from 'vitest';
import { loadConfig } from '../shared/config.js';
import { isPublicAddress } from '../shared/public-address.js';
import { checkProviderUrl, guardedFetch, SSO_FETCH_LIMITS, SsoFetchRefused } from './sso-fetch.js';

const lookupTo =
  (...addresses: string[]) =>
  async () =>
    addresses;
const refusedFor = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SsoFetchRefused);
  return (err as SsoFetchRefused).reason;
};

describe('the identity provider guard', () => {
  it('takes only ordinary public unicast addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('refuses plain http, and any host with one private address among its addresses', async () => {
    expect(await refusedFor(checkProviderUrl('http://idp.example.com', { allowPrivate: false, lookup: lookupTo('93.184.216.34') }))).toBe('scheme');
    expect(await refusedFor(checkProviderUrl('https://idp.example.com', { allowPrivate: false, lookup: lookupTo('93.184.216.34', '10.0.0.5') }))).toBe(
      'private_address',
    );
    expect(await refusedFor(checkProviderUrl('https://[::1]:8443/x', { allowPrivate: false }))).toBe('private_address');
    expect(
      await refusedFor(
        checkProviderUrl('https://nowhere.invalid', {
          allowPrivate: false,
          lookup: async () => {
            throw new Error('ENOTFOUND');
          },
        }),
      ),
    ).toBe('unresolvable');
    await expect(checkProviderUrl('https://idp.example.com', { allowPrivate: false, lookup: lookupTo('93.184.216.34') })).resolves.toBeInstanceOf(URL);
    await expect(checkProviderUrl('http://127.0.0.1:4000', { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });

  it('follows no redirect and reads no more than its limit', async () => {
    const seen: RequestInit[] = [];
    const huge = new Uint8Array(SSO_FETCH_LIMITS.maxBytes + 1);
    const f = guardedFetch({
      allowPrivate: true,
      fetch: async (_url, init) => {
        seen.push(init!);
        return new Response(huge, { status: 200 });
      },
    });
    expect(await refusedFor(f('http://127.0.0.1/.well-known/openid-configuration', { method: 'GET' }))).toBe('too_large');
    expect(seen[0].redirect).toBe('manual');
    const ok = guardedFetch({
      allowPrivate: true,
      fetch: async () => new Response('{"a":1}', { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    expect(await (await ok('http://127.0.0.1/x', { method: 'GET' })).json()).toEqual({ a: 1 });
  });
});

describe('DNS rebinding', () => {
  it('a name that looked public when checked but resolves to loopback when connecting is still refused', async () => {
    const f = guardedFetch({ allowPrivate: false, lookup: lookupTo('93.184.216.34') });
    const err = (await f('https://localhost:8443/.well-known/openid-configuration', { method: 'GET' }).then(
      () => null,
      (e: unknown) => e,
    )) as Error & { cause?: unknown };
    expect(err).toBeInstanceOf(Error);
    expect(err.cause).toBeInstanceOf(SsoFetchRefused);
  });
});

describe('the test-only DNS file', () => {
  it('is refused outside NODE_ENV=test, so a deployment cannot prove domains it does not own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SSO_TEST_DNS_FILE: '/tmp/x.json' })).toThrow(/SSO_TEST_DNS_FILE: only for tests/);
    expect(() => loadConfig({ SSO_TEST_DNS_FILE: '/tmp/x.json' })).toThrow(/SSO_TEST_DNS_FILE/);
    expect(loadConfig({ NODE_ENV: 'test', SSO_TEST_DNS_FILE: '/tmp/x.json' }).sso).toEqual({ allowPrivateIssuers: false, testDnsFile: '/tmp/x.json' });
  });
});
