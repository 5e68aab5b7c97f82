// Signing up and in on the real server, as issue 30 found them: a session that ends while a
// request is on its way, a sign-up that told who has an account, and a sign-in guard that let
// anyone lock an account. One server as a fresh install (mail kept in its outbox), one with SMTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { Browser } from '../support/http.js';
import { mailedLink } from '../support/mailbox.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const PASSWORD = 'correct horse battery';
const SESSION_COOKIE = 'better-auth.session_token';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('sign_up_and_in');
  server = await startServerProcess({ databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT: '4', WELCOME_MAIL_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let counter = 0;
const newEmail = (tag: string) => `${tag}.${++counter}.${Date.now()}@example.com`;
// Every browser comes from its own address (the server trusts X-Forwarded-For from loopback).
const browser = () => new Browser(server.url, { 'x-forwarded-for': `198.51.${Math.floor(++counter / 250)}.${counter % 250}` });

describe('a session that ends while a request is on its way', () => {
  test('listing the sessions while the same session signs out answers 200 or 401, never 500', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 25; i++) {
      const b = browser();
      const res = await b.post('/api/auth/sign-up/email', { name: 'Racer', email: newEmail('race'), password: PASSWORD });
      expect(res.status, res.text).toBe(200);
      expect(b.cookies.has(SESSION_COOKIE)).toBe(true);
      const lists = Array.from({ length: 4 }, () => b.get('/rest/account/sessions'));
      const [out, ...listed] = await Promise.all([b.post('/api/auth/sign-out'), ...lists]);
      expect(out.status).toBe(204);
      for (const r of listed) {
        statuses.add(r.status);
        if (r.status !== 200) expect([r.status, r.json?.code]).toEqual([401, 'unauthenticated']);
      }
    }
    expect([...statuses].every((s) => s === 200 || s === 401)).toBe(true);
  });
});

describe('the guard against guessing a password', () => {
  const LIMIT = 4;
  const signIn = (b: Browser, email: string, password: string) => b.post('/api/auth/sign-in/email', { email, password });

  test("a stranger's wrong passwords hold back the stranger, not the owner, who signs in with the right password from elsewhere", async () => {
    const email = newEmail('guarded');
    expect((await browser().post('/api/auth/sign-up/email', { name: 'Owner', email, password: PASSWORD })).status).toBe(200);
    const stranger = browser();
    for (let i = 0; i < LIMIT; i++) expect((await signIn(stranger, email, `wrong ${i}`)).status).toBe(401);
    const refused = await signIn(stranger, email, PASSWORD);
    expect([refused.status, refused.json?.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stranger.cookies.has(SESSION_COOKIE)).toBe(false);

    const owner = browser();
    const res = await signIn(owner, email, PASSWORD);
    expect(res.status, res.text).toBe(200);
    expect(owner.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  test("a password reset by the mailed link forgets the account's failures", async () => {
    const email = newEmail('reset');
    expect((await browser().post('/api/auth/sign-up/email', { name: 'Owner', email, password: PASSWORD })).status).toBe(200);
    // The owner's own browser, behind the same address as the one guessing (a shared network).
    const shared = browser();
    for (let i = 0; i < LIMIT; i++) expect((await signIn(shared, email, `wrong ${i}`)).status).toBe(401);
    expect((await signIn(shared, email, PASSWORD)).status).toBe(429);

    expect((await shared.post('/api/auth/request-password-reset', { email })).status).toBe(204);
    const token = (await mailedLink(database.url, email, '/reset-password')).searchParams.get('token');
    expect((await shared.post('/api/auth/reset-password', { token, new_password: 'a brand new secret' })).status).toBe(204);
    const res = await signIn(shared, email, 'a brand new secret');
    expect(res.status, res.text).toBe(200);
  });
});
