// A sample of real server responses, successes and problems, checked against the spec by the
// same validator as the mocks. The server runs with its own response validation off, as in
// production, so this checks what the handlers really send.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { mailedLink } from '../support/mailbox.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createSpecValidator } from './spec-validator.js';

const validator = createSpecValidator();
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('contract');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { VALIDATE_RESPONSES: 'false', WELCOME_MAIL_DELAY_SECONDS: '0', SIGN_IN_RATE_LIMIT: '2' },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const seen: { call: string; status: number; problems: string[] }[] = [];
let cookie = '';
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const url = server.url + path;
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
  if (session) cookie = session.split(';')[0];
  seen.push({ call: `${method} ${path}`, status: res.status, problems: await validator.checkResponse(method, url, res) });
  return res;
}

test('a sample of real responses validates against the spec', async () => {
  const password = 'correct horse battery';
  await call('GET', '/healthz');
  await call('GET', '/readyz');
  await call('GET', '/rest/session');
  await call('GET', '/rest/mail/outbox');
  await call('POST', '/rest/organizations', { name: 'No Session' });
  await call('POST', '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password });
  await call('POST', '/api/auth/sign-up/email', { name: 'Ada again', email: 'ada@example.com', password });
  await call('POST', '/api/auth/sign-up/email', '{"name": "broken');
  await call('POST', '/api/auth/sign-up/email', { name: 'Mallory', email: 'm@example.com', password }, { origin: 'https://evil.example' });
  await call('GET', '/rest/session');
  await call('POST', '/rest/organizations', { name: 'Analytical Engines' });
  await call('POST', '/rest/organizations', { name: 'Bad slug', slug: 'Not A Slug' });
  await call('GET', '/rest/mail/outbox'); // empty until the address is verified
  const link = await mailedLink(database.url, 'ada@example.com', '/verify-email');
  await call('POST', '/api/auth/verify-email', { token: 'not a token' });
  await call('POST', '/api/auth/verify-email', { token: link.searchParams.get('token') });
  await call('POST', '/api/auth/send-verification-email');
  await call('GET', '/rest/auth/settings');
  await expect
    .poll(async () => ((await (await call('GET', '/rest/mail/outbox')).json()) as { items: { status: string }[] }).items[0]?.status)
    .toBe('delivered');
  await call('POST', '/api/auth/sign-out');
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'wrong password' });
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password });
  // SIGN_IN_RATE_LIMIT wrong passwords from this client: it is refused that account (429) even with the right one.
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'wrong password' });
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password: 'wrong password' });
  await call('POST', '/api/auth/sign-in/email', { email: 'ada@example.com', password });

  const statuses = new Set(seen.map((s) => s.status));
  for (const s of [200, 201, 204, 400, 401, 403, 409, 413, 429]) expect(statuses, `no ${s} response in the sample`).toContain(s);
  expect(seen.filter((s) => s.problems.length)).toEqual([]);
});
