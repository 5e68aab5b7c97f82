// Signing up and in on the real server, as issue 30 found them: a session that ends while a
// request is on its way, a sign-up that told who has an account, and a sign-in guard that let
// anyone lock an account. One server as a fresh install (mail kept in its outbox), one with SMTP.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpServer } from '../fakes/smtp.js';
import { createTestDatabase, testDb } from '../support/database.js';
import type { Db } from '../../services/db/database.js';
import { Browser } from '../support/http.js';
import { mailedLink } from '../support/mailbox.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

const PASSWORD = 'correct horse battery';
const SESSION_COOKIE = 'better-auth.session_token';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
let mailDatabase: { url: string; drop: () => Promise<void> };
let mailServer: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  [database, mailDatabase, smtp] = await Promise.all([createTestDatabase('sign_up_and_in'), createTestDatabase('sign_up_mailed'), startSmtpServer()]);
  [server, mailServer] = await Promise.all([
    startServerProcess({ databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT: '4', WELCOME_MAIL_DELAY_SECONDS: '0' } }),
    startServerProcess({ databaseUrl: mailDatabase.url, env: { SMTP_URL: smtp.url, WELCOME_MAIL_DELAY_SECONDS: '0' } }),
  ]);
  db = testDb(database.url, 1);
});
afterAll(async () => {
  await Promise.all([server?.stop(), mailServer?.stop()]);
  await db?.destroy();
  await smtp?.close();
  await Promise.all([database?.drop(), mailDatabase?.drop()]);
});

let counter = 0;
const newEmail = (tag: string) => `${tag}.${++counter}.${Date.now()}@example.com`;
// Every browser comes from its own address (the server trusts X-Forwarded-For from loopback).
const browser = (url = server.url) => new Browser(url, { 'x-forwarded-for': `198.51.${Math.floor(++counter / 250)}.${counter % 250}` });

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
    // 25 sign-ups (each a password hash) took over 30 s on a loaded 2-core machine.
  }, 90_000);
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

describe('a sign-up says nothing of who has an account', () => {
  const signUp = (b: Browser, email: string, password = PASSWORD) => b.post('/api/auth/sign-up/email', { name: 'Someone', email, password });
  const sessionCookies = (res: { setCookies: string[] }) => res.setCookies.filter((c) => c.startsWith(SESSION_COOKIE));

  test('where mail leaves, a new and a taken address get the same answer, nobody is signed in, and each address is mailed', async () => {
    const taken = newEmail('owner');
    const fresh = newEmail('fresh');
    const owner = browser(mailServer.url);
    expect((await signUp(owner, taken)).status).toBe(200);
    // The owner verifies by the mailed link, which signs them in, once.
    const link = await smtp.link(taken, '/verify-email');
    const verified = await owner.post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect([verified.status, verified.json?.status]).toEqual([200, 'verified']);
    expect((await owner.get('/rest/session')).json.user).toMatchObject({ email: taken, email_verified: true });
    const again = await browser(mailServer.url).post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect([again.status, again.json?.status, sessionCookies(again)]).toEqual([200, 'already_verified', []]);

    const [forTaken, forFresh] = [await signUp(browser(mailServer.url), taken, 'a stranger’s password'), await signUp(browser(mailServer.url), fresh)];
    for (const res of [forTaken, forFresh]) {
      expect([res.status, res.json]).toEqual([200, { user: null, visitor_id: expect.any(String) }]);
      expect(sessionCookies(res)).toEqual([]);
    }
    const headerNames = (res: { headers: Headers }) =>
      [...res.headers.keys()].filter((h) => !['date', 'x-request-id', 'content-length', 'etag'].includes(h)).sort();
    expect(headerNames(forTaken)).toEqual(headerNames(forFresh));
    expect((await smtp.mail(taken, 'Someone tried to sign up with your address')).text).toContain('/forgot-password');
    await smtp.link(fresh, '/verify-email');

    // The owner's password still works; an unverified account's right password is answered as a wrong one.
    expect((await browser(mailServer.url).post('/api/auth/sign-in/email', { email: taken, password: PASSWORD })).status).toBe(200);
    const unverified = await browser(mailServer.url).post('/api/auth/sign-in/email', { email: fresh, password: PASSWORD });
    const wrong = await browser(mailServer.url).post('/api/auth/sign-in/email', { email: fresh, password: 'not the password' });
    expect([unverified.status, unverified.json]).toEqual([wrong.status, wrong.json]);
    expect(wrong.json.code).toBe('invalid_credentials');
  });

  test('without mail, a new address is signed in at once; a taken one is not, is told nothing in words, and its owner finds a mail kept for them', async () => {
    const email = newEmail('kept');
    const first = await signUp(browser(), email);
    expect(first.json.user).toMatchObject({ email });
    expect(sessionCookies(first)).not.toEqual([]);
    const again = await signUp(browser(), email, 'a stranger’s password');
    expect([again.status, again.json]).toEqual([200, { user: null, visitor_id: expect.any(String) }]);
    expect(sessionCookies(again)).toEqual([]);
    const kept = await allTables(db).selectFrom('mail_outbox').select(['subject', 'text']).where('to', '=', email).execute();
    expect(kept.map((m) => m.subject)).toContain('Someone tried to sign up with your address');
  });
});
