// Connecting a connector the way a browser does, against a provider fake that signs in at once:
// the connect call's provider address, the fake's redirect back, and the callback followed.
import { expect } from 'vitest';
import type { Browser } from './http.js';

/**
 * Answers where the callback sent the browser (its `connected` parameter names the connector on
 * success); `org`: connected for the person's organisation.
 */
export async function connectThroughFake(b: Browser, serverUrl: string, name: string, opts: { org?: boolean } = {}) {
  const started = await b.get(`/rest/connectors/${name}/connect${opts.org ? '?file_repository_type=ORG' : ''}`);
  expect(started.status, started.text).toBe(200);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  const back = await b.get(callback.replace(serverUrl, ''));
  expect(back.status, back.text).toBe(302);
  return new URL(back.headers.get('location') ?? '', serverUrl);
}
