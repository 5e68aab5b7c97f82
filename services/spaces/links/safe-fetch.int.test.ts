// Fetching links against a fake website on loopback: allowed only when the test says so, and
// every way a fetch can go wrong ends in its own error. Nothing here touches the internet.
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARTICLE_PHRASE, ARTICLE_TITLE, PLAIN_TEXT, startWebPages } from '../../../tests/fakes/web-pages.js';
import { startWebSite } from '../../../tests/fakes/web-site.js';
import { fetchPage, LinkFetchError, type FetchPageOptions } from './safe-fetch.js';

let site: Awaited<ReturnType<typeof startWebPages>>;
let allowFake: FetchPageOptions;
beforeAll(async () => {
  site = await startWebPages();
  allowFake = { allowPrivateHosts: [site.hostPort] };
});
afterAll(async () => site?.close());

async function failureOf(promise: Promise<unknown>): Promise<LinkFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LinkFetchError);
  return error as LinkFetchError;
}

// A resolver that answers every name with the given addresses, as a hostile DNS server could.
const resolvingTo =
  (...addresses: string[]): LookupFunction =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

describe('fetchPage', () => {
  test('fetches an allowed page, decoded, with its final address and media type', async () => {
    const page = await fetchPage(`${site.url}/article#comments`, allowFake);
    expect(page.url).toBe(`${site.url}/article`);
    expect(page.contentType).toBe('text/html');
    expect(page.body).toContain(`<title>${ARTICLE_TITLE}</title>`);
    expect(page.body).toContain(ARTICLE_PHRASE);
  });

  test('fetches plain text', async () => {
    const page = await fetchPage(`${site.url}/plain`, allowFake);
    expect(page).toEqual({ url: `${site.url}/plain`, contentType: 'text/plain', body: PLAIN_TEXT });
  });

  test('hands back the validators, and a conditional fetch the server answers 304 is not modified, not an error', async () => {
    const docs = await startWebSite();
    try {
      const opts = { allowPrivateHosts: [docs.hostPort] };
      const page = await fetchPage(`${docs.url}/docs/sourdough`, opts);
      expect(page.etag).toMatch(/^"[0-9a-f]{16}"$/);
      expect(page.lastModified).toBe('Thu, 14 Mar 2024 09:00:00 GMT');
      const again = await fetchPage(`${docs.url}/docs/sourdough`, { ...opts, validators: { etag: page.etag, lastModified: page.lastModified } });
      expect(again).toMatchObject({ notModified: true, body: '', etag: page.etag });
      // A validator that no longer matches gets the page whole.
      const changed = await fetchPage(`${docs.url}/docs/sourdough`, { ...opts, validators: { etag: '"old"' } });
      expect(changed.notModified).toBeUndefined();
      expect(changed.body).toBe(page.body);
      expect(docs.hits('/docs/sourdough')).toEqual({ full: 2, notModified: 1 });
    } finally {
      await docs.close();
    }
  });

  test('decodes the body by the charset the server declares', async () => {
    expect((await fetchPage(`${site.url}/latin1`, allowFake)).body).toBe('Café crème');
  });

  test('reads a compressed body', async () => {
    expect((await fetchPage(`${site.url}/gzip`, allowFake)).body).toBe(PLAIN_TEXT);
  });

  test('private IP literals are blocked however they are spelled, without connecting', async () => {
    for (const link of [
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
    ]) {
      expect((await failureOf(fetchPage(link))).code, link).toBe('link_blocked');
    }
  });

  test('follows a redirect on the same allowed host and reports where it ended', async () => {
    const page = await fetchPage(`${site.url}/redirect?to=/article`, allowFake);
    expect(page.url).toBe(`${site.url}/article`);
    expect(page.body).toContain(ARTICLE_PHRASE);
  });

  test('a loopback page is blocked unless its host:port is allowed', async () => {
    const error = await failureOf(fetchPage(`${site.url}/article`));
    expect(error.code).toBe('link_blocked');
    expect(error.message).toBe('This link points to a private or local network address, which Spaces cannot fetch.');
    // Another port on the same host is a different host:port.
    expect((await failureOf(fetchPage('http://127.0.0.1:1/', allowFake))).code).toBe('link_blocked');
  });

  test('a redirect to a local address is blocked even from an allowed host', async () => {
    const error = await failureOf(fetchPage(`${site.url}/redirect-local`, allowFake));
    expect(error.code).toBe('link_blocked');
  });

  test('a redirect to another scheme is an invalid link', async () => {
    const error = await failureOf(fetchPage(`${site.url}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, allowFake));
    expect(error.code).toBe('invalid_link');
    expect(error.message).toContain('Only http and https');
  });

  test('too many redirects stop the fetch', async () => {
    const error = await failureOf(fetchPage(`${site.url}/redirect?to=/article`, { ...allowFake, maxRedirects: 0 }));
    expect(error.code).toBe('link_unreachable');
    expect(error.message).toContain('redirects more than 0 times');
  });

  test('a page larger than the limit is refused while reading, without Content-Length', async () => {
    const error = await failureOf(fetchPage(`${site.url}/big`, allowFake));
    expect(error.code).toBe('link_too_large');
    expect(error.message).toBe('The page is larger than 10 MB, the most Spaces can fetch.');
  });

  test('a page over a declared Content-Length limit is refused', async () => {
    const error = await failureOf(fetchPage(`${site.url}/article`, { ...allowFake, maxBytes: 100 }));
    expect(error.code).toBe('link_too_large');
  });

  test('a page that does not answer in time times out', async () => {
    const error = await failureOf(fetchPage(`${site.url}/slow`, { ...allowFake, timeoutMs: 300 }));
    expect(error.code).toBe('link_timeout');
    expect(error.message).toBe('The page took longer than 0.3 seconds to load.');
  });

  test('an image is not a page', async () => {
    const error = await failureOf(fetchPage(`${site.url}/image`, allowFake));
    expect(error.code).toBe('link_not_html');
    expect(error.message).toContain('image/png');
  });

  test('an HTTP error status says which status', async () => {
    const error = await failureOf(fetchPage(`${site.url}/missing`, allowFake));
    expect(error.code).toBe('link_unreachable');
    expect(error.message).toBe('The page could not be fetched: the server answered with HTTP status 404 (Not Found).');
  });

  test('a public-looking name that resolves to a private address is blocked', async () => {
    for (const addresses of [['10.0.0.7'], ['169.254.169.254'], ['93.184.215.14', '127.0.0.1'], ['::ffff:192.168.0.1']]) {
      const error = await failureOf(fetchPage('https://news.example.com/story', { lookup: resolvingTo(...addresses) }));
      expect(error.code).toBe('link_blocked');
    }
  });

  test('a resolver that answers with one address (not a list) is checked too', async () => {
    const single: LookupFunction = (_host, _options, callback) => callback(null, '127.0.0.1', 4);
    const error = await failureOf(fetchPage('http://example.com/', { lookup: single }));
    expect(error.code).toBe('link_blocked');
  });

  test('an allowed host:port may resolve to loopback by name', async () => {
    const port = new URL(site.url).port;
    const page = await fetchPage(`http://fake-site.test:${port}/plain`, { allowPrivateHosts: [`fake-site.test:${port}`], lookup: resolvingTo('127.0.0.1') });
    expect(page.body).toBe(PLAIN_TEXT);
  });

  test('an unresolvable name is unreachable', async () => {
    const error = await failureOf(fetchPage('https://no-such-host.invalid/page'));
    expect(error.code).toBe('link_unreachable');
    expect(error.message).toContain('no-such-host.invalid');
  });

  test('a link that is not http(s) is refused before any request', async () => {
    const error = await failureOf(fetchPage('ftp://example.com/file'));
    expect(error.code).toBe('invalid_link');
  });
});
