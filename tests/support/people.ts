// The people of integration tests: visitors and signed-up users as cookie-keeping HTTP clients,
// and asking over the SSE endpoint.
import { expect } from 'vitest';
import { Browser } from './http.js';
import { databaseOf, mailedLink } from './mailbox.js';
import { collect } from './sse.js';

export const PASSWORD = 'correct-horse-battery';
let counter = 0;

/** An anonymous visitor with its visitor_id cookie. */
export async function visitor(baseUrl: string) {
  const b = new Browser(baseUrl);
  await b.get('/rest/session');
  return b;
}

const uniqueEmail = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}.${++counter}.${Date.now()}@example.com`;

/**
 * A visitor who signed up (a unique email unless given) and verified the address by its mailed
 * link, as a person does (when the test server's database is known: server-process.ts).
 */
export async function signedUp(baseUrl: string, name: string, email = uniqueEmail(name)) {
  const b = await unverifiedSignUp(baseUrl, name, email);
  const database = databaseOf(baseUrl);
  if (database) await verifyByMailedLink(b, database, email);
  return b;
}

/** A visitor who signed up and has not opened the verification mail. */
export async function unverifiedSignUp(baseUrl: string, name: string, email = uniqueEmail(name)) {
  const b = await visitor(baseUrl);
  const res = await b.post('/api/auth/sign-up/email', { name, email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return b;
}

/** Opens the verification link mailed to `email` (from the outbox in the server's database). */
export async function verifyByMailedLink(b: Browser, databaseUrl: string, email: string) {
  const link = await mailedLink(databaseUrl, email, '/verify-email');
  const res = await b.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
  expect(res.status, res.text).toBe(200);
}

/** POST /rest/threads/ask with the browser's cookies; the SSE response. */
export const askStream = (baseUrl: string, b: Browser, body: { query_str: string } & Record<string, unknown>) =>
  fetch(`${baseUrl}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: b.cookieHeader() },
    body: JSON.stringify(body),
  });

export type AskedThread = { context_uuid: string; backend_uuid: string; thread_url_slug: string };

/** Asks, reads the stream to its end and expects `completed`; returns the `thread` event's data. */
export async function askAndWait(baseUrl: string, b: Browser, query_str: string, extra: Record<string, unknown> = {}): Promise<AskedThread> {
  const events = await collect(await askStream(baseUrl, b, { query_str, ...extra }));
  expect(events.at(-1)?.event).toBe('completed');
  return events[0].data as AskedThread;
}
