// An account's address and password: verification by the mailed link (and what an unverified
// account may not do: take over an invitation to its address, read mail sent to it), password
// reset by mail (single use, every session ends) and changing the password when signed in; on a
// server without mail, an administrator's address proven by the code in the server's log, and the
// reset link an administrator makes. (Sign-ups are allowed 60 an hour here: the file makes more than the default 20.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { postToBucket } from '../support/files.js';
import { mailedLink } from '../support/mailbox.js';
import { PASSWORD, signedUp, unverifiedSignUp, verifyByMailedLink, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const ADMIN = `root.${Date.now()}@admin.example`;
/** A listed address that proves itself with the code printed in the server's log. */
const LOG_ADMIN = `log.${Date.now()}@admin.example`;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('account_email');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { ADMIN_EMAILS: `${ADMIN}, someone-else@example.com, ${LOG_ADMIN}`, LOG_LEVEL: 'info', SIGN_IN_RATE_LIMIT: '30' },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let n = 0;
const address = (who: string) => `${who}.${++n}.${Date.now()}@example.com`;
const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
const tokenOf = (link: URL) => link.searchParams.get('token');
/** The subjects of the mail sent to `to` (queued before the request that causes it answers). */
async function subjectsTo(to: string) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return (await db.query('select subject from mail_outbox where lower("to") = lower($1)', [to])).rows.map((r) => r.subject as string);
  } finally {
    await db.end();
  }
}

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
      expect(events.rows.map((r) => r.type)).toEqual(['AccountRegistered', 'AccountEmailVerified', 'AccountRenamed']);
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

describe('changing the address', () => {
  test('needs the password; takes effect only when the new address opens its link; the old one is told; Spaces stay', async () => {
    const oldEmail = address('olga');
    const olga = await signedUp(server.url, 'Olga', oldEmail);
    const ada = await signedUp(server.url, 'Ada');
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Shared plans' })).json;
    expect((await ada.post(`/rest/collections/${space.uuid}/members`, { email: oldEmail, role: 'WRITER' })).status).toBe(200);
    expect((await olga.post(`/rest/collections/${space.uuid}/members/accept`)).status).toBe(200);

    const newEmail = address('olga-new');
    const wrong = await olga.post('/api/auth/change-email', { new_email: newEmail, current_password: 'not-my-password' });
    expect([wrong.status, wrong.json.code]).toEqual([400, 'wrong_password']);
    const same = await olga.post('/api/auth/change-email', { new_email: oldEmail.toUpperCase(), current_password: PASSWORD });
    expect([same.status, same.json.code]).toEqual([400, 'same_email']);
    const asked = await olga.post('/api/auth/change-email', { new_email: newEmail, current_password: PASSWORD });
    expect(asked.status, asked.text).toBe(202);
    expect(asked.json).toEqual({ status: 'verification_sent', new_email: newEmail });
    // Nothing changes until the link is opened.
    expect(await sessionUser(olga)).toMatchObject({ email: oldEmail, email_verified: true });

    const link = await mailedLink(database.url, newEmail, '/verify-email');
    const elsewhere = await visitor(server.url);
    const sessionsBefore = (await olga.get('/rest/account/sessions')).json.sessions.length;
    const opened = await elsewhere.post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json).toEqual({ status: 'email_changed', email: newEmail });
    // The link signs nobody in, and leaves no new device on the account.
    expect(await sessionUser(elsewhere)).toBeNull();
    expect((await olga.get('/rest/account/sessions')).json.sessions).toHaveLength(sessionsBefore);
    expect(await sessionUser(olga)).toMatchObject({ email: newEmail, email_verified: true });

    // Used once: the old address has no account any more.
    const again = await elsewhere.post('/api/auth/verify-email', { token: tokenOf(link) });
    expect([again.status, again.json.code]).toEqual([400, 'invalid_token']);

    // The old address hears of it; the new one signs in; the old one does not.
    expect(await subjectsTo(oldEmail)).toContain('Your email address was changed');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const user = await sessionUser(olga);
      const events = await db.query('select type, data from events where stream_id = $1 order by stream_version', [`account-${user.id}`]);
      expect(events.rows.at(-1)).toMatchObject({ type: 'AccountEmailChanged', data: { email: newEmail, previous_email: oldEmail } });
      expect((await db.query('select email from accounts where user_id = $1', [user.id])).rows).toEqual([{ email: newEmail }]);
    } finally {
      await db.end();
    }
    const byOld = await (await visitor(server.url)).post('/api/auth/sign-in/email', { email: oldEmail, password: PASSWORD });
    expect(byOld.status).toBe(401);
    expect((await (await visitor(server.url)).post('/api/auth/sign-in/email', { email: newEmail, password: PASSWORD })).status).toBe(200);

    // The Space membership was bound to the account, not the address: it stays Olga's, and
    // whoever registers the old address now gets nothing of it.
    const mine = (await olga.get('/rest/collections/list_user_collections')).json.collections;
    expect(mine.map((c: { uuid: string }) => c.uuid)).toContain(space.uuid);
    const newcomer = await signedUp(server.url, 'Newcomer', oldEmail);
    expect((await newcomer.get(`/rest/collections/get_collection?collection_slug=${space.uuid}`)).status).toBe(404);
  });

  test('to an address that has an account: the same answer, no link, nothing changes', async () => {
    const taken = address('taken');
    await signedUp(server.url, 'Taken', taken);
    const email = address('tess');
    const tess = await signedUp(server.url, 'Tess', email);
    const asked = await tess.post('/api/auth/change-email', { new_email: taken, current_password: PASSWORD });
    expect([asked.status, asked.json.status]).toEqual([202, 'verification_sent']);
    expect(await subjectsTo(taken)).not.toContain('Confirm your new email address');
    expect(await sessionUser(tess)).toMatchObject({ email });
    const anon = await visitor(server.url);
    const res = await anon.post('/api/auth/change-email', { new_email: address('x'), current_password: PASSWORD });
    expect([res.status, res.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('the username', () => {
  test('is chosen in lower case, unique across accounts, and refused when it has the wrong shape', async () => {
    const stamp = Date.now().toString(36);
    const una = await signedUp(server.url, 'Una');
    expect(await sessionUser(una)).toMatchObject({ username: null });
    const chosen = await una.send('PUT', '/rest/account/username', { json: { username: ` Una_${stamp} ` } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json).toMatchObject({ username: `una_${stamp}` });
    expect(await sessionUser(una)).toMatchObject({ username: `una_${stamp}` });

    const other = await signedUp(server.url, 'Other');
    const taken = await other.send('PUT', '/rest/account/username', { json: { username: `UNA_${stamp}` } });
    expect([taken.status, taken.json.code]).toEqual([409, 'username_taken']);
    const bad = await other.send('PUT', '/rest/account/username', { json: { username: 'no spaces' } });
    expect([bad.status, bad.json.code]).toEqual([400, 'invalid_username']);
    // Nothing was written for the refused ones: the other account has no username and no event.
    expect(await sessionUser(other)).toMatchObject({ username: null });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const otherId = (await sessionUser(other)).id;
      expect((await db.query(`select type from events where stream_id = $1 and type = 'AccountUsernameChanged'`, [`account-${otherId}`])).rows).toEqual([]);
      const unaId = (await sessionUser(una)).id;
      expect((await db.query('select username from accounts where user_id = $1', [unaId])).rows).toEqual([{ username: `una_${stamp}` }]);
    } finally {
      await db.end();
    }
    // Keeping one's own username is no conflict.
    expect((await una.send('PUT', '/rest/account/username', { json: { username: `una_${stamp}` } })).status).toBe(200);
    const anon = await (await visitor(server.url)).send('PUT', '/rest/account/username', { json: { username: 'anyone' } });
    expect([anon.status, anon.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('the picture', () => {
  const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
  async function uploaded(b: Browser, bytes: Uint8Array, filename = 'me.png') {
    const url = await b.post('/rest/uploads/create_upload_url', { filename, content_type: 'image/png', file_size: bytes.byteLength });
    expect(url.status, url.text).toBe(200);
    expect((await postToBucket(server.url, url.json, { filename, bytes, content_type: 'image/png' })).status).toBe(201);
    return url.json.s3_object_url as string;
  }

  test('an uploaded PNG becomes the picture anyone can see; bytes that are not an image, or not ours, are refused; removing it ends it', async () => {
    const pia = await signedUp(server.url, 'Pia');
    const pictureUrl = await uploaded(pia, PNG);
    expect((await fetch(pictureUrl)).status).toBe(200);
    const chosen = await pia.send('PUT', '/rest/account/avatar', { json: { image_url: pictureUrl } });
    expect(chosen.status, chosen.text).toBe(200);
    const image = chosen.json.image as string;
    expect(image).toMatch(new RegExp(`^/rest/users/${chosen.json.id}/avatar\\?v=`));
    expect(await sessionUser(pia)).toMatchObject({ image });
    const shown = await fetch(new URL(image, server.url));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(PNG);

    // Script in a .png, another server's address, a key that is no image upload: all refused, nothing changes.
    const script = await uploaded(pia, new TextEncoder().encode('<script>alert(1)</script>'), 'evil.png');
    for (const image_url of [script, 'https://elsewhere.example/me.png', new URL('/storage/user-files/x.png', server.url).href]) {
      const refused = await pia.send('PUT', '/rest/account/avatar', { json: { image_url } });
      expect([refused.status, refused.json.code], image_url).toEqual([400, 'invalid_avatar']);
    }
    expect(await sessionUser(pia)).toMatchObject({ image });

    const removed = await pia.send('DELETE', '/rest/account/avatar');
    expect([removed.status, removed.json.image]).toEqual([200, null]);
    // The picture's bytes go with it: its storage address reads nothing any more.
    expect((await fetch(pictureUrl)).status).toBe(404);
    const gone = await fetch(new URL(image, server.url));
    expect([gone.status, ((await gone.json()) as { code: string }).code]).toEqual([404, 'avatar_not_found']);
    const anon = await visitor(server.url);
    for (const res of [await anon.send('PUT', '/rest/account/avatar', { json: { image_url: script } }), await anon.send('DELETE', '/rest/account/avatar')])
      expect([res.status, res.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('an administrator of the server', () => {
  test('reads every mail kept and verifies an account by hand; nobody else can, not even with an unverified listed address', async () => {
    const vic = address('vic');
    await unverifiedSignUp(server.url, 'Vic', vic);
    // The listed address registered but not verified is no administrator.
    const impostor = await unverifiedSignUp(server.url, 'Root?', ADMIN);
    expect((await sessionUser(impostor)).is_admin).toBeUndefined();
    const refused = await impostor.post('/rest/admin/verify-account', { email: vic });
    expect([refused.status, refused.json.code]).toEqual([403, 'not_administrator']);
    expect((await impostor.get('/rest/mail/outbox')).json.items).toEqual([]);

    await verifyByMailedLink(impostor, database.url, ADMIN);
    const admin = impostor;
    expect(await sessionUser(admin)).toMatchObject({ is_admin: true });
    const mail = (await admin.get('/rest/mail/outbox')).json.items as { to: string; subject: string }[];
    expect(mail.map((m) => m.to)).toContain(vic);

    const verified = await admin.post('/rest/admin/verify-account', { email: vic.toUpperCase() });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json).toEqual({ status: 'verified', email: vic });
    expect((await admin.post('/rest/admin/verify-account', { email: vic })).json.status).toBe('already_verified');
    const nobody = await admin.post('/rest/admin/verify-account', { email: address('nobody') });
    expect([nobody.status, nobody.json.code]).toEqual([404, 'account_not_found']);

    const memberEmail = address('member');
    const member = await signedUp(server.url, 'Member', memberEmail);
    expect((await sessionUser(member)).is_admin).toBeUndefined();
    const notAdmin = await member.post('/rest/admin/verify-account', { email: vic });
    expect([notAdmin.status, notAdmin.json.code]).toEqual([403, 'not_administrator']);
    const own = (await member.get('/rest/mail/outbox')).json.items as { to: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((m) => m.to))).toEqual(new Set([memberEmail]));
    const anon = await (await visitor(server.url)).post('/rest/admin/verify-account', { email: vic });
    expect([anon.status, anon.json.code]).toEqual([401, 'unauthenticated']);
  });
});

describe('an administrator on a server without mail', () => {
  /** The latest one-time code the server's log printed for `email`. */
  const codeInLog = (email: string) => [...server.logs().matchAll(/One-time code to verify (\S+): (\d{8})/g)].filter((m) => m[1] === email).at(-1)?.[2];

  test('a listed address proves itself with the one-time code printed in the server’s log, never in a reply', async () => {
    const b = await visitor(server.url);
    const signUp = await b.post('/api/auth/sign-up/email', { name: 'Log Admin', email: LOG_ADMIN, password: PASSWORD });
    expect(signUp.status).toBe(200);
    await expect.poll(() => codeInLog(LOG_ADMIN)).toMatch(/^\d{8}$/);
    const first = codeInLog(LOG_ADMIN)!;
    expect(signUp.text).not.toContain(first);
    const outbox = await b.get('/rest/mail/outbox');
    expect(outbox.json).toEqual({ items: [], verify_by_code: true });

    const wrong = await b.post('/rest/admin/verification-code/verify', { code: first === '00000000' ? '11111111' : '00000000' });
    expect([wrong.status, wrong.json.code]).toEqual([400, 'verification_code_wrong']);
    // A new code replaces the last one, printed again.
    const asked = await b.post('/rest/admin/verification-code');
    expect(asked.status, asked.text).toBe(204);
    await expect.poll(() => codeInLog(LOG_ADMIN)).not.toBe(first);
    const second = codeInLog(LOG_ADMIN)!;
    if (second !== first) expect((await b.post('/rest/admin/verification-code/verify', { code: first })).json.code).toBe('verification_code_wrong');
    const right = await b.post('/rest/admin/verification-code/verify', { code: ` ${second} ` });
    expect(right.status, right.text).toBe(200);
    expect(right.json).toEqual({ status: 'verified' });
    expect(await sessionUser(b)).toMatchObject({ email: LOG_ADMIN, email_verified: true, is_admin: true });
    expect((await b.post('/rest/admin/verification-code/verify', { code: second })).json.code).toBe('already_verified');
    expect((await b.get('/rest/mail/outbox')).json.verify_by_code).toBe(false);
  });

  test('five wrong codes use the code up; nobody else is offered codes; an anonymous caller is asked to sign in', async () => {
    const listed = 'someone-else@example.com';
    const b = await unverifiedSignUp(server.url, 'Someone', listed);
    await expect.poll(() => codeInLog(listed)).toMatch(/^\d{8}$/);
    const code = codeInLog(listed)!;
    const wrongCode = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) expect((await b.post('/rest/admin/verification-code/verify', { code: wrongCode })).json.code).toBe('verification_code_wrong');
    expect((await b.post('/rest/admin/verification-code/verify', { code })).json.code).toBe('verification_code_expired');
    expect(await sessionUser(b)).toMatchObject({ email_verified: false });

    const stranger = await unverifiedSignUp(server.url, 'Stranger', address('stranger'));
    expect((await stranger.get('/rest/mail/outbox')).json.verify_by_code).toBe(false);
    for (const res of [await stranger.post('/rest/admin/verification-code'), await stranger.post('/rest/admin/verification-code/verify', { code })])
      expect([res.status, res.json.code]).toEqual([403, 'verification_code_unavailable']);
    const anon = await visitor(server.url);
    for (const res of [await anon.post('/rest/admin/verification-code'), await anon.post('/rest/admin/verification-code/verify', { code })])
      expect([res.status, res.json.code]).toEqual([401, 'unauthenticated']);
  });

  test('an administrator makes a one-time reset link; it sets a password once and ends every session; nobody else can make one', async () => {
    // The administrator may have signed up already in this file (a sign-up of a taken address makes no session).
    const signedIn = await visitor(server.url);
    const admin =
      (await signedIn.post('/api/auth/sign-in/email', { email: ADMIN, password: PASSWORD })).status === 200
        ? signedIn
        : await signedUp(server.url, 'Root', ADMIN);
    expect(await sessionUser(admin)).toMatchObject({ is_admin: true });
    const email = address('rita');
    const rita = await signedUp(server.url, 'Rita', email);
    const ritaPhone = await visitor(server.url);
    expect((await ritaPhone.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const made = await admin.post('/rest/admin/reset-link', { email: email.toUpperCase() });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toMatchObject({ email, url: expect.stringMatching(/\/reset-password\?token=/) });
    const token = tokenOf(new URL(made.json.url));
    const anon = await visitor(server.url);
    const reset = await anon.post('/api/auth/reset-password', { token, new_password: 'handed-over-secret' });
    expect(reset.status, reset.text).toBe(204);
    expect(await sessionUser(rita)).toBeNull();
    expect(await sessionUser(ritaPhone)).toBeNull();
    expect((await anon.post('/api/auth/sign-in/email', { email, password: 'handed-over-secret' })).status).toBe(200);
    expect((await anon.post('/api/auth/reset-password', { token, new_password: 'yet-another-secret' })).json).toMatchObject({ code: 'invalid_token' });

    const nobody = await admin.post('/rest/admin/reset-link', { email: address('nobody') });
    expect([nobody.status, nobody.json.code]).toEqual([404, 'account_not_found']);
    const member = await signedUp(server.url, 'Member', address('member'));
    const notAdmin = await member.post('/rest/admin/reset-link', { email });
    expect([notAdmin.status, notAdmin.json.code]).toEqual([403, 'not_administrator']);
    const anonymous = await (await visitor(server.url)).post('/rest/admin/reset-link', { email });
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 'unauthenticated']);
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
