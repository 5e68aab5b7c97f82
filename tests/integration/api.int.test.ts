// The real server (services/app/main.ts as a child process) against a fresh database: sign up,
// session, organisations, sign out and in, the visitor claim, and the refusals of bad input.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../services/db/database.js';
import { createTestDatabase, testDb } from '../support/database.js';
import { Browser, cookieAttributes } from '../support/http.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

const SESSION_COOKIE = 'better-auth.session_token';
const PASSWORD = 'correct horse battery';
const SIGN_IN_LIMIT = 4;

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase('api');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT), LOG_LEVEL: 'info', WELCOME_MAIL_DELAY_SECONDS: '0' },
  });
  db = testDb(database.url, 2);
});
afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  await database?.drop();
});

let emails = 0;
const newEmail = (tag = 'user') => `${tag}${++emails}@example.com`;
// Rate limits count per client address; the server trusts X-Forwarded-For from loopback, so
// each simulated browser comes from its own address unless a test says otherwise.
let addresses = 0;
const fromAddress = (n: number) => new Browser(server.url, { 'x-forwarded-for': `203.0.113.${n}` });
const browser = () => new Browser(server.url, { 'x-forwarded-for': `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

function expectProblem(res: { status: number; headers: Headers; json: any }, status: number, code: string) {
  expect({ status: res.status, code: res.json?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ type: expect.any(String), title: expect.any(String), status });
  expect(Object.keys(res.json).sort()).toEqual(expect.arrayContaining(['code', 'status', 'title', 'type']));
}

async function signUp(b: Browser, email = newEmail(), name = 'Ada Lovelace') {
  const res = await b.post('/api/auth/sign-up/email', { name, email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('sign up, session, organisation, sign out, sign in', () => {
  test('the whole journey of one user', async () => {
    const b = browser();
    const email = newEmail('journey');

    const anonymous = await b.get('/rest/session');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ user: null, visitor_id: expect.any(String) });

    const signedUp = await signUp(b, email, 'Ada Lovelace');
    const cookie = cookieAttributes(signedUp.setCookies, SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.attrs.httponly).toBe(true);
    expect(String(cookie?.attrs.samesite).toLowerCase()).toBe('lax');
    expect(cookie?.attrs.secure).toBeUndefined(); // plain http here; Secure behind https
    const user = {
      id: expect.any(String),
      name: 'Ada Lovelace',
      email,
      email_verified: false,
      org_uuid: null,
      subscription_status: 'none',
      // Billing off: the default plan (free), paid by nobody.
      subscription_source: 'stripe',
      subscription_plan: 'free',
      // Their own plan, not an organisation's.
      plan_organization: null,
      capabilities: { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
      isGovernmentRequestOrigin: false,
      username: null,
      image: null,
    };
    expect(signedUp.json).toEqual({ user, visitor_id: anonymous.json.visitor_id });

    const session = await b.get('/rest/session');
    expect(session.json).toEqual({ user: { ...user, id: signedUp.json.user.id }, visitor_id: anonymous.json.visitor_id });

    const org = await b.post('/rest/organizations', { name: 'Analytical Engines Ltd' });
    expect(org.status, org.text).toBe(201);
    expect(org.json).toEqual({ uuid: expect.any(String), name: 'Analytical Engines Ltd', slug: 'analytical-engines-ltd' });
    expect((await b.get('/rest/session')).json.user.org_uuid).toBe(org.json.uuid);

    const sameSlug = await b.post('/rest/organizations', { name: 'Analytical Engines Ltd' });
    expectProblem(sameSlug, 409, 'slug_taken');

    const oldCookies = b.cookieHeader();
    // A call that needs only who is signed in (its answer is remembered for a few seconds).
    const bookmarkWith = (cookie: string) =>
      fetch(`${server.url}/rest/collections/upsert_thread_collection`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ entry_uuid: randomUUID(), upsert_type: 'bookmark' }),
      });
    expect((await bookmarkWith(oldCookies)).status).toBe(404);
    const signedOut = await b.post('/api/auth/sign-out');
    expect(signedOut.status).toBe(204);
    expect(b.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await b.get('/rest/session')).json.user).toBeNull();
    // The old cookie no longer works either: the session ended on the server.
    const replayed = await fetch(`${server.url}/rest/session`, { headers: { cookie: oldCookies } });
    expect(((await replayed.json()) as { user: unknown }).user).toBeNull();
    expect((await bookmarkWith(oldCookies)).status).toBe(401);

    const signedIn = await b.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(cookieAttributes(signedIn.setCookies, SESSION_COOKIE)?.attrs.httponly).toBe(true);
    expect(signedIn.json.user).toEqual({ ...user, id: signedUp.json.user.id, org_uuid: org.json.uuid });
    expect((await b.get('/rest/session')).json.user.email).toBe(email);
  });

  test('the account is recorded as an event and in the accounts read model', async () => {
    const b = browser();
    const email = newEmail('recorded');
    const { json } = await signUp(b, email, 'Grace');
    const events = await allTables(db).selectFrom('events').select(['type', 'stream_version']).where('stream_id', '=', `account-${json.user.id}`).execute();
    expect(events).toEqual([{ type: 'AccountRegistered', stream_version: 1 }]);
    const account = await allTables(db).selectFrom('accounts').selectAll().where('user_id', '=', json.user.id).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email, name: 'Grace', subscription_status: 'none' });
  });

  test('signing out when not signed in succeeds', async () => {
    expect((await browser().post('/api/auth/sign-out')).status).toBe(204);
  });

  test('a sign-up with a taken email signs nobody in and says nothing of the account; the first account keeps its password', async () => {
    const email = newEmail('taken');
    await signUp(browser(), email);
    const again = await browser().post('/api/auth/sign-up/email', { name: 'Impostor', email, password: 'another password' });
    expect([again.status, again.json]).toEqual([200, { user: null, visitor_id: expect.any(String) }]);
    expect(again.setCookies.filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
    expect((await browser().post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  test('the same sign-up sent several times at once makes one account; the others are answered without a session', async () => {
    const email = newEmail('double');
    const b = browser();
    const results = await Promise.all(Array.from({ length: 4 }, () => b.post('/api/auth/sign-up/email', { name: 'Double Click', email, password: PASSWORD })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.json.user === null)).toHaveLength(3);
    const accounts = await allTables(db).selectFrom('accounts').select('user_id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  test('an unknown or forged session cookie is simply signed out', async () => {
    for (const value of ['garbage', 'a.b', '%00%ff', 'x'.repeat(4000)]) {
      const res = await fetch(`${server.url}/rest/session`, { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: unknown }).user).toBeNull();
    }
  });

  test('creating an organisation needs a session', async () => {
    expectProblem(await browser().post('/rest/organizations', { name: 'Nobody Inc' }), 401, 'unauthenticated');
    expectProblem(await browser().get('/rest/mail/outbox'), 401, 'unauthenticated');
  });
});

describe('wrong credentials', () => {
  test('a wrong password and an unknown email get the same 401 body', async () => {
    const email = newEmail('creds');
    await signUp(browser(), email);
    const wrongPassword = await fromAddress(1).post('/api/auth/sign-in/email', { email, password: 'not the password' });
    const unknownEmail = await fromAddress(1).post('/api/auth/sign-in/email', { email: newEmail('nobody'), password: PASSWORD });
    expectProblem(wrongPassword, 401, 'invalid_credentials');
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.text).toBe(wrongPassword.text);
    expect(wrongPassword.setCookies.filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
  });

  test('a password that is too short for an account is refused as invalid input', async () => {
    const res = await browser().post('/api/auth/sign-up/email', { name: 'Short', email: newEmail('short'), password: 'short' });
    expectProblem(res, 400, 'invalid_request');
  });
});

describe('sign-in rate limit', () => {
  test(`after ${SIGN_IN_LIMIT} wrong passwords on one account, that address is 429 rate_limited on it, even with the right password; other addresses are not`, async () => {
    const email = newEmail('limited');
    await signUp(browser(), email);
    const b = fromAddress(2);
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await b.post('/api/auth/sign-in/email', { email, password: `wrong ${i}` })).status).toBe(401);
    const limited = await b.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expectProblem(limited, 429, 'rate_limited');
    expect(limited.json.detail).toMatch(/too many sign-in attempts/i);
    expect(limited.setCookies.filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);

    // The owner elsewhere is slowed down, not refused; the guessing address may still try other accounts.
    expect((await fromAddress(3).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect((await b.post('/api/auth/sign-in/email', { email: newEmail('other'), password: PASSWORD })).status).toBe(401);
  });

  test(`one address trying many accounts is 429 rate_limited after ${SIGN_IN_LIMIT * 3} attempts`, async () => {
    const b = fromAddress(4);
    for (let i = 0; i < SIGN_IN_LIMIT * 3; i++)
      expect((await b.post('/api/auth/sign-in/email', { email: newEmail(`spray${i}`), password: 'wrong password' })).status).toBe(401);
    expectProblem(await b.post('/api/auth/sign-in/email', { email: newEmail('spray-last'), password: 'wrong password' }), 429, 'rate_limited');
    // Another address is not held back.
    expect((await fromAddress(5).post('/api/auth/sign-in/email', { email: newEmail('spray-other'), password: 'wrong password' })).status).toBe(401);
  });
});

describe('bad input gets a 4xx problem, never a 500', () => {
  const raw = (path: string, body: string | Uint8Array, contentType = 'application/json') =>
    browser().send('POST', path, { body, headers: { 'content-type': contentType } });

  test('malformed JSON', async () => {
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/rest/organizations'])
      expectProblem(await raw(path, '{"email": "a@example.com", "password": '), 400, 'malformed_json');
  });

  test('unknown fields', async () => {
    const res = await browser().post('/api/auth/sign-up/email', { name: 'A', email: newEmail('unknown'), password: PASSWORD, role: 'admin' });
    expectProblem(res, 400, 'invalid_request');
    expect(res.json.detail).toMatch(/role|additional/i);
  });

  test('wrong types and missing fields', async () => {
    expectProblem(await browser().post('/api/auth/sign-in/email', { email: 42, password: PASSWORD }), 400, 'invalid_request');
    expectProblem(await browser().post('/api/auth/sign-in/email', { email: ['a@example.com'], password: true }), 400, 'invalid_request');
    expectProblem(await browser().post('/api/auth/sign-up/email', { email: newEmail('missing'), password: PASSWORD }), 400, 'invalid_request');
    expectProblem(await browser().post('/api/auth/sign-up/email', { name: 'A', email: 'not an email', password: PASSWORD }), 400, 'invalid_request');
    expectProblem(await raw('/api/auth/sign-in/email', '[]'), 400, 'invalid_request');
    expectProblem(await raw('/api/auth/sign-in/email', 'null'), 400, 'malformed_json');
  });

  test('a body that is not JSON', async () => {
    expectProblem(await raw('/api/auth/sign-in/email', 'email=a@example.com&password=x', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    expectProblem(await raw('/api/auth/sign-in/email', ''), 400, 'invalid_request');
  });

  test('a body over 1 MB is 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    expectProblem(await raw('/api/auth/sign-in/email', big), 413, 'payload_too_large');
    expectProblem(await raw('/rest/organizations', big), 413, 'payload_too_large');
  });

  test('a body over 1 MB is 413 also when streamed without a length, or compressed small', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 64 * 1024) controller.enqueue(big.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectProblem({ status: streamed.status, headers: streamed.headers, json: await streamed.json() }, 413, 'payload_too_large');

    const compressed = gzipSync(big);
    expect(compressed.length).toBeLessThan(10_000);
    const bomb = await browser().send('POST', '/api/auth/sign-in/email', {
      body: compressed,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expectProblem(bomb, 413, 'payload_too_large');
  });

  test('an unknown /rest path, or a method a path does not have, is a problem too', async () => {
    const res = await browser().get('/rest/no-such-thing');
    expectProblem(res, 404, 'not_found');
    expectProblem(await browser().post('/rest/no-such-thing', {}), 404, 'not_found');
    expectProblem(await browser().get('/api/no-such-thing'), 404, 'not_found');
    expectProblem(await browser().send('DELETE', '/rest/session'), 405, 'method_not_allowed');
  });

  test('an unknown query parameter is refused', async () => {
    expectProblem(await browser().get('/rest/session?debug=1'), 400, 'invalid_request');
  });
});

describe('requests from another site', () => {
  test('a sign-up from a foreign Origin is refused with 403 foreign_origin and creates nothing', async () => {
    const email = newEmail('foreign');
    const res = await browser().post('/api/auth/sign-up/email', { name: 'Mallory', email, password: PASSWORD }, { origin: 'https://evil.example' });
    expectProblem(res, 403, 'foreign_origin');
    expect(res.setCookies.filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
    expect(await allTables(db).selectFrom('accounts').select('user_id').where('email', '=', email).execute()).toEqual([]);
    expectProblem(await browser().post('/api/auth/sign-in/email', { email, password: PASSWORD }), 401, 'invalid_credentials');
  });

  test('a signed-in user’s browser sending a cross-site POST changes nothing', async () => {
    const b = browser();
    await signUp(b);
    const byOrigin = await b.post('/rest/organizations', { name: 'Forged Org' }, { origin: 'https://evil.example' });
    expectProblem(byOrigin, 403, 'foreign_origin');
    const byFetchMetadata = await b.post('/rest/organizations', { name: 'Forged Org' }, { 'sec-fetch-site': 'cross-site' });
    expectProblem(byFetchMetadata, 403, 'foreign_origin');
    const signOut = await b.post('/api/auth/sign-out', undefined, { origin: 'https://evil.example' });
    expectProblem(signOut, 403, 'foreign_origin');
    const session = await b.get('/rest/session');
    expect(session.json.user).toMatchObject({ org_uuid: null });
  });

  test('the app’s own origin, and clients that send no Origin, are accepted', async () => {
    const b = browser();
    await signUp(b);
    expect((await b.post('/rest/organizations', { name: 'Own Origin Org' }, { origin: server.url })).status).toBe(201);
    expect((await b.post('/rest/organizations', { name: 'No Origin Org' })).status).toBe(201);
  });
});

describe('anonymous visitors', () => {
  test('get an HttpOnly visitor_id cookie that stays the same across requests', async () => {
    const b = browser();
    const first = await b.get('/rest/session');
    const cookie = cookieAttributes(first.setCookies, 'visitor_id');
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookie?.attrs.httponly).toBe(true);
    expect(String(cookie?.attrs.samesite).toLowerCase()).toBe('lax');
    expect(first.json.visitor_id).toBe(cookie?.value);
    const second = await b.get('/rest/session');
    expect(second.setCookies.filter((c) => c.startsWith('visitor_id='))).toEqual([]);
    expect(second.json.visitor_id).toBe(cookie?.value);
  });

  test('two accounts created at the same moment in one browser both work; the visitor’s work goes to one of them', async () => {
    const b = browser();
    const visitorId = (await b.get('/rest/session')).json.visitor_id as string;
    const emailsHere = Array.from({ length: 3 }, () => newEmail('sametime'));
    const results = await Promise.all(emailsHere.map((email) => b.post('/api/auth/sign-up/email', { name: 'Same Time', email, password: PASSWORD })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = results.map((r) => r.json.user.id as string);
    const accounts = await allTables(db).selectFrom('accounts').select('user_id').where('email', 'in', emailsHere).execute();
    expect(accounts.map((a) => a.user_id).sort()).toEqual([...ids].sort());
    const claims = await allTables(db).selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).execute();
    expect(claims).toHaveLength(1);
    expect(ids).toContain(claims[0].user_id);
  });

  test('a forged visitor id is replaced by a fresh one', async () => {
    const res = await fetch(`${server.url}/rest/session`, { headers: { cookie: 'visitor_id=not-a-uuid' } });
    const body = (await res.json()) as { visitor_id: string };
    expect(body.visitor_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('their work is claimed by the account created with their cookie, and by no later account', async () => {
    const b = browser();
    const visitorId = (await b.get('/rest/session')).json.visitor_id as string;
    const { json } = await signUp(b);
    expect(json.visitor_id).toBe(visitorId);

    const claim = await allTables(db).selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).executeTakeFirstOrThrow();
    expect(claim.user_id).toBe(json.user.id);
    const events = await allTables(db).selectFrom('events').select(['type', 'data']).where('stream_id', '=', `visitor-${visitorId}`).execute();
    expect(events).toEqual([{ type: 'VisitorClaimed', data: expect.objectContaining({ visitor_id: visitorId, user_id: json.user.id }) }]);
    expect((await allTables(db).selectFrom('accounts').select('visitor_id').where('user_id', '=', json.user.id).executeTakeFirstOrThrow()).visitor_id).toBe(
      visitorId,
    );

    // Someone else signing up in the same browser later gets an account, not the first one's work.
    await b.post('/api/auth/sign-out');
    const second = await signUp(b);
    expect(second.json.user.id).not.toBe(json.user.id);
    const claims = await allTables(db).selectFrom('visitor_claims').selectAll().where('visitor_id', '=', visitorId).execute();
    expect(claims.map((c) => c.user_id)).toEqual([json.user.id]);
  });
});

describe('operations', () => {
  test('/healthz and /readyz answer ok', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await browser().get(path);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'ok' });
    }
  });

  test('every response carries an x-request-id, which is logged; a caller’s own id is kept', async () => {
    const res = await browser().get('/rest/session');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await browser().get('/rest/nowhere')).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await browser().get('/rest/session', { 'x-request-id': 'trace-4f2a.9' });
    expect(traced.headers.get('x-request-id')).toBe('trace-4f2a.9');
    const evil = await browser().get('/rest/session', { 'x-request-id': 'x'.repeat(65) });
    expect(evil.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => server.logs()).toContain('"id":"trace-4f2a.9"');
  });

  test('session cookies never reach the logs', async () => {
    const b = browser();
    const res = await signUp(b);
    const token = cookieAttributes(res.setCookies, SESSION_COOKIE)!.value;
    await b.get('/rest/session', { 'x-request-id': 'cookie-check-1' });
    // Wait until that request is logged; then its cookie must not be in the logs.
    await expect.poll(() => server.logs()).toContain('"id":"cookie-check-1"');
    expect(server.logs()).not.toContain(decodeURIComponent(token).split('.')[0]);
  });

  test('the bundled spec is served at /api/openapi.json', async () => {
    const res = await browser().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths)).toContain('/rest/session');
  });

  test('no request in this file made the server fail', () => {
    expect(server.logs()).not.toMatch(/unhandled error|response does not match the spec/);
  });
});

describe('sign-up rate limit', () => {
  test('creating many accounts from one address is eventually 429 rate_limited', async () => {
    const b = fromAddress(9);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT * 2 + 1; i++)
      statuses.push((await b.post('/api/auth/sign-up/email', { name: 'Bulk', email: newEmail('bulk'), password: PASSWORD })).status);
    expect(statuses.slice(0, SIGN_IN_LIMIT * 2)).toEqual(Array(SIGN_IN_LIMIT * 2).fill(200));
    const limited = await b.post('/api/auth/sign-up/email', { name: 'Bulk', email: newEmail('bulk'), password: PASSWORD });
    expectProblem(limited, 429, 'rate_limited');
  });
});
