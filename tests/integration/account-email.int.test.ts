// An account's address and password: verification by the mailed link (and what an unverified
// account may not do: take over an invitation to its address, read mail sent to it), password
// reset by mail (single use, every session ends) and changing the password when signed in.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { mailedLink } from '../support/mailbox.js';
import { PASSWORD, signedUp, unverifiedSignUp, verifyByMailedLink, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('account_email');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let n = 0;
const address = (who: string) => `${who}.${++n}.${Date.now()}@example.com`;
const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
const tokenOf = (link: URL) => link.searchParams.get('token');

describe('verifying an address', () => {
  test('a new account is unverified until its mailed link is opened; the link works, then says it was used', async () => {
    const email = address('vera');
    const b = await unverifiedSignUp(server.url, 'Vera', email);
    expect(await sessionUser(b)).toMatchObject({ email, email_verified: false });
    const link = await mailedLink(database.url, email, '/verify-email');
    expect(link.pathname).toBe('/verify-email');

    // Opened in another browser, as from a phone's mail app: it verifies and signs nobody in.
    const elsewhere = await visitor(server.url);
    const first = await elsewhere.post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ status: 'verified', email });
    expect(await sessionUser(elsewhere)).toBeNull();
    expect(await sessionUser(b)).toMatchObject({ email_verified: true });

    expect((await elsewhere.post('/api/auth/verify-email', { token: tokenOf(link) })).json).toEqual({ status: 'already_verified', email });
    const resend = await b.post('/api/auth/send-verification-email');
    expect(resend.status).toBe(409);
    expect(resend.json).toMatchObject({ code: 'already_verified' });
  });

  test('a token the server did not make is refused with a stable code', async () => {
    const b = await visitor(server.url);
    const forged = await b.post('/api/auth/verify-email', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl' });
    expect(forged.status).toBe(400);
    expect(forged.json).toMatchObject({ code: 'invalid_token' });
  });

  test('resending mails a new link, which verifies too', async () => {
    const email = address('rhea');
    const b = await unverifiedSignUp(server.url, 'Rhea', email);
    expect((await b.post('/api/auth/send-verification-email')).status).toBe(204);
    await verifyByMailedLink(b, database.url, email);
    expect(await sessionUser(b)).toMatchObject({ email_verified: true });
  });
});

describe('an address registered by someone else', () => {
  test('takes over no invitation to it and opens none of its mail until verified', async () => {
    const ada = await signedUp(server.url, 'Ada');
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Plans' })).json;
    const victim = address('victim');
    expect((await ada.post(`/rest/collections/${space.uuid}/members`, { email: victim, role: 'WRITER' })).status).toBe(200);

    const eve = await unverifiedSignUp(server.url, 'Eve', victim);
    const accept = await eve.post(`/rest/collections/${space.uuid}/members/accept`);
    expect(accept.status).toBe(403);
    expect(accept.json).toMatchObject({ code: 'email_not_verified' });
    expect((await eve.get(`/rest/collections/get_collection?collection_slug=${space.uuid}`)).status).toBe(404);
    expect((await eve.get('/rest/collections/list_user_collections')).json.collections).toEqual([]);
    // Not even the verification mail: without SMTP an administrator verifies new accounts.
    expect((await eve.get('/rest/mail/outbox')).json.items).toEqual([]);
  });
});

describe('a forgotten password', () => {
  test('is reset once by the mailed link; every session ends; the old password and the link stop working', async () => {
    const email = address('otto');
    const b = await signedUp(server.url, 'Otto', email);
    const other = await visitor(server.url);
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const anon = await visitor(server.url);
    expect((await anon.post('/api/auth/request-password-reset', { email })).status).toBe(204);
    // The same answer for an address with no account.
    expect((await anon.post('/api/auth/request-password-reset', { email: address('nobody') })).status).toBe(204);
    const token = tokenOf(await mailedLink(database.url, email, '/reset-password'));

    const reset = await anon.post('/api/auth/reset-password', { token, new_password: 'a-brand-new-secret' });
    expect(reset.status, reset.text).toBe(204);
    expect(await sessionUser(b)).toBeNull();
    expect(await sessionUser(other)).toBeNull();
    expect((await anon.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(401);
    expect((await anon.post('/api/auth/sign-in/email', { email, password: 'a-brand-new-secret' })).status).toBe(200);

    const again = await anon.post('/api/auth/reset-password', { token, new_password: 'yet-another-secret' });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'invalid_token' });
  });
});

describe('changing the password', () => {
  test('needs the current one; can sign out the other sessions and keep this one', async () => {
    const email = address('cleo');
    const b = await signedUp(server.url, 'Cleo', email);
    const other = await visitor(server.url);
    expect((await other.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const wrong = await b.post('/api/auth/change-password', { current_password: 'not-my-password', new_password: 'a-new-secret-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'wrong_password' });
    const short = await b.post('/api/auth/change-password', { current_password: PASSWORD, new_password: 'short' });
    expect(short.status).toBe(400);

    const changed = await b.post('/api/auth/change-password', { current_password: PASSWORD, new_password: 'a-new-secret-1', sign_out_other_sessions: true });
    expect(changed.status, changed.text).toBe(204);
    expect(await sessionUser(b)).toMatchObject({ email });
    expect(await sessionUser(other)).toBeNull();
    expect((await visitor(server.url).then((v) => v.post('/api/auth/sign-in/email', { email, password: 'a-new-secret-1' }))).status).toBe(200);
  });
});

describe('the name', () => {
  test('is changed, trimmed, and shows on the session; a blank one is refused', async () => {
    const b = await signedUp(server.url, 'Nora');
    const renamed = await b.send('PATCH', '/rest/account/profile', { json: { name: '  Nora Nimble ' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Nora Nimble', email_verified: true });
    expect(await sessionUser(b)).toMatchObject({ name: 'Nora Nimble' });
    // Recorded as an event: the accounts read model follows, and a rebuild would too.
    const user = await sessionUser(b);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const events = await db.query('select type from events where stream_id = $1 order by stream_version', [`account-${user.id}`]);
      expect(events.rows.map((r) => r.type)).toEqual(['AccountRegistered', 'AccountRenamed']);
      expect((await db.query('select name from accounts where user_id = $1', [user.id])).rows).toEqual([{ name: 'Nora Nimble' }]);
    } finally {
      await db.end();
    }
    const blank = await b.send('PATCH', '/rest/account/profile', { json: { name: '   ' } });
    expect([blank.status, blank.json.code]).toEqual([400, 'name_required']);
    const anon = await (await visitor(server.url)).send('PATCH', '/rest/account/profile', { json: { name: 'X' } });
    expect([anon.status, anon.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('signed-in devices', () => {
  test('lists the account’s devices with the current one marked, signs one out, then all others; another account’s is not found', async () => {
    const email = address('dev');
    const laptop = await signedUp(server.url, 'Dev', email);
    const phone = await visitor(server.url);
    expect(
      (
        await phone.post(
          '/api/auth/sign-in/email',
          { email, password: PASSWORD },
          { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0' },
        )
      ).status,
    ).toBe(200);
    const tablet = await visitor(server.url);
    expect((await tablet.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const listed = (await laptop.get('/rest/account/sessions')).json.sessions as { id: string; device: string; current: boolean }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => s.device)).toContain('Firefox on Windows');
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    const phoneSession = listed.find((s) => s.device === 'Firefox on Windows')!;
    expect((await laptop.send('DELETE', `/rest/account/sessions/${phoneSession.id}`)).status).toBe(204);
    expect(await sessionUser(phone)).toBeNull();
    expect(await sessionUser(tablet)).toMatchObject({ email });

    const stranger = await signedUp(server.url, 'Stranger');
    const notTheirs = await stranger.send('DELETE', `/rest/account/sessions/${listed.find((s) => s.current)!.id}`);
    expect([notTheirs.status, notTheirs.json.code]).toEqual([404, 'session_not_found']);

    expect((await laptop.post('/rest/account/sessions/sign-out-others')).status).toBe(204);
    expect(await sessionUser(tablet)).toBeNull();
    expect(await sessionUser(laptop)).toMatchObject({ email });
    expect((await laptop.get('/rest/account/sessions')).json.sessions).toHaveLength(1);
  });
});

describe('who may call what', () => {
  test('resending a link and changing a password need someone signed in; the links’ calls need only their token', async () => {
    const anon = await visitor(server.url);
    const resend = await anon.post('/api/auth/send-verification-email');
    expect([resend.status, resend.json.code]).toEqual([401, 'unauthenticated']);
    const change = await anon.post('/api/auth/change-password', { current_password: PASSWORD, new_password: 'a-new-secret-1' });
    expect([change.status, change.json.code]).toEqual([401, 'unauthenticated']);
    expect((await anon.post('/api/auth/reset-password', { token: 'not-a-token', new_password: 'a-new-secret-1' })).json).toMatchObject({
      code: 'invalid_token',
    });
    expect((await anon.get('/rest/auth/settings')).json).toEqual({ mail_configured: false, min_password_length: 8, providers: [] });
    for (const [method, path] of [
      ['GET', '/rest/account/sessions'],
      ['DELETE', '/rest/account/sessions/some-session'],
      ['POST', '/rest/account/sessions/sign-out-others'],
    ] as const) {
      const res = await anon.send(method, path);
      expect([res.status, res.json.code], `${method} ${path}`).toEqual([401, 'unauthenticated']);
    }
  });
});
