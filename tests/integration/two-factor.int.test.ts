// Two-factor sign-in with an authenticator app: set up with the password and a first code, then
// every sign-in asks for a code (or a single-use backup code) before the session exists; codes
// come from otpauth, a TOTP library apart from the server's.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authenticatorFor } from '../support/authenticator.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('two_factor');
  server = await startServerProcess({ databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let n = 0;
const address = (who: string) => `${who.toLowerCase()}.${++n}.${Date.now()}@example.com`;
const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
const problem = (r: { status: number; json: { code?: string } }) => [r.status, r.json?.code];

/** A verified account that turned two-factor sign-in on; its app and backup codes. */
async function withTwoFactor(name: string) {
  const email = address(name);
  const b = await signedUp(server.url, name, email);
  const setup = await b.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(setup.status, setup.text).toBe(200);
  const app = authenticatorFor(setup.json.totp_uri);
  expect((await b.post('/api/auth/two-factor/confirm', { code: app.code() })).status).toBe(204);
  return { b, email, app, backupCodes: setup.json.backup_codes as string[] };
}

/** Signs in with the password in a fresh browser: the challenge, not a session. */
async function passwordStep(email: string, password = PASSWORD) {
  const b = await visitor(server.url);
  const res = await b.post('/api/auth/sign-in/email', { email, password });
  expect(res.status, res.text).toBe(200);
  expect(res.json).toEqual({ two_factor_required: true, methods: ['totp', 'backup_code'] });
  expect(await sessionUser(b)).toBeNull();
  return b;
}

describe('setting up an authenticator app', () => {
  test('needs the password, shows a secret and backup codes, and is on only after a first code', async () => {
    const email = address('tess');
    const b = await signedUp(server.url, 'Tess', email);
    expect((await b.get('/rest/account/two-factor')).json).toEqual({ enabled: false, pending: false });
    expect(problem(await b.post('/api/auth/two-factor/enable', { password: 'not-my-password' }))).toEqual([400, 'wrong_password']);
    expect(problem(await b.post('/api/auth/two-factor/confirm', { code: '123456' }))).toEqual([409, 'two_factor_not_started']);

    const setup = await b.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(setup.status, setup.text).toBe(200);
    const app = authenticatorFor(setup.json.totp_uri);
    expect(app.issuer).toBe('Answer Engine');
    expect(app.label).toBe(email);
    expect(setup.json.backup_codes).toHaveLength(10);
    expect((await b.get('/rest/account/two-factor')).json).toEqual({ enabled: false, pending: true });
    // Not on yet: the password alone still signs in.
    expect((await (await visitor(server.url)).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    expect(problem(await b.post('/api/auth/two-factor/confirm', { code: app.staleCode() }))).toEqual([400, 'invalid_two_factor_code']);
    const confirmed = await b.post('/api/auth/two-factor/confirm', { code: app.code() });
    expect(confirmed.status, confirmed.text).toBe(204);
    expect(await sessionUser(b)).toMatchObject({ email });
    expect((await b.get('/rest/account/two-factor')).json).toEqual({ enabled: true, pending: false });
    expect(problem(await b.post('/api/auth/two-factor/enable', { password: PASSWORD }))).toEqual([409, 'two_factor_already_enabled']);
    expect(problem(await b.post('/api/auth/two-factor/confirm', { code: app.code() }))).toEqual([409, 'two_factor_already_enabled']);
  });

  test('a code that is not six digits is refused by the contract', async () => {
    const b = await signedUp(server.url, 'Ivo');
    const res = await b.post('/api/auth/two-factor/confirm', { code: '12ab' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('signing in with two-factor on', () => {
  test('the password alone makes no session; a code from the app finishes signing in', async () => {
    const { email, app } = await withTwoFactor('Uma');
    const b = await passwordStep(email);
    expect(problem(await b.post('/api/auth/two-factor/verify', { code: app.staleCode() }))).toEqual([401, 'invalid_two_factor_code']);
    expect(await sessionUser(b)).toBeNull();
    const done = await b.post('/api/auth/two-factor/verify', { code: app.code() });
    expect(done.status, done.text).toBe(200);
    expect(done.json.user).toMatchObject({ email });
    expect(await sessionUser(b)).toMatchObject({ email });
    // The challenge is spent with the sign-in.
    const again = await visitor(server.url);
    again.cookies.set(...([...b.cookies].find(([k]) => k.endsWith('two_factor')) ?? ['better-auth.two_factor', 'x']));
    expect(problem(await again.post('/api/auth/two-factor/verify', { code: app.code() }))).toEqual([401, 'two_factor_challenge_expired']);
  });

  test('the wrong password still answers invalid_credentials, with no challenge', async () => {
    const { email } = await withTwoFactor('Vic');
    const b = await visitor(server.url);
    expect(problem(await b.post('/api/auth/sign-in/email', { email, password: 'wrong-password' }))).toEqual([401, 'invalid_credentials']);
    expect(problem(await b.post('/api/auth/two-factor/verify', { code: '000000' }))).toEqual([401, 'two_factor_challenge_expired']);
  });

  test('a backup code works once', async () => {
    const { email, backupCodes } = await withTwoFactor('Wes');
    const first = await passwordStep(email);
    const used = await first.post('/api/auth/two-factor/verify', { code: backupCodes[0], kind: 'backup_code' });
    expect(used.status, used.text).toBe(200);
    expect(await sessionUser(first)).toMatchObject({ email });

    const second = await passwordStep(email);
    expect(problem(await second.post('/api/auth/two-factor/verify', { code: backupCodes[0], kind: 'backup_code' }))).toEqual([401, 'invalid_backup_code']);
    expect((await second.post('/api/auth/two-factor/verify', { code: backupCodes[1], kind: 'backup_code' })).status).toBe(200);
  });

  test('five wrong codes end the challenge', async () => {
    const { email, app } = await withTwoFactor('Xia');
    const b = await passwordStep(email);
    for (let i = 0; i < 5; i++)
      expect(problem(await b.post('/api/auth/two-factor/verify', { code: app.staleCode() }))).toEqual([401, 'invalid_two_factor_code']);
    expect(problem(await b.post('/api/auth/two-factor/verify', { code: app.code() }))).toEqual([429, 'too_many_two_factor_attempts']);
    expect(await sessionUser(b)).toBeNull();
    // Signing in again starts a new challenge.
    const fresh = await passwordStep(email);
    expect((await fresh.post('/api/auth/two-factor/verify', { code: app.code() })).status).toBe(200);
  });
});

describe('backup codes and turning it off', () => {
  test('new backup codes need the password and replace the old ones', async () => {
    const { b, email, backupCodes } = await withTwoFactor('Yan');
    expect(problem(await b.post('/api/auth/two-factor/backup-codes', { password: 'not-my-password' }))).toEqual([400, 'wrong_password']);
    const renewed = await b.post('/api/auth/two-factor/backup-codes', { password: PASSWORD });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.json.backup_codes).toHaveLength(10);
    expect(renewed.json.backup_codes).not.toContain(backupCodes[0]);
    const old = await passwordStep(email);
    expect(problem(await old.post('/api/auth/two-factor/verify', { code: backupCodes[0], kind: 'backup_code' }))).toEqual([401, 'invalid_backup_code']);
    expect((await old.post('/api/auth/two-factor/verify', { code: renewed.json.backup_codes[0], kind: 'backup_code' })).status).toBe(200);
  });

  test('turning it off needs the password; then the password alone signs in', async () => {
    const { b, email } = await withTwoFactor('Zoe');
    expect(problem(await b.post('/api/auth/two-factor/disable', { password: 'not-my-password' }))).toEqual([400, 'wrong_password']);
    expect((await b.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(204);
    expect(await sessionUser(b)).toMatchObject({ email });
    expect((await b.get('/rest/account/two-factor')).json).toEqual({ enabled: false, pending: false });
    expect(problem(await b.post('/api/auth/two-factor/disable', { password: PASSWORD }))).toEqual([409, 'two_factor_not_enabled']);
    expect(problem(await b.post('/api/auth/two-factor/backup-codes', { password: PASSWORD }))).toEqual([409, 'two_factor_not_enabled']);
    expect((await (await visitor(server.url)).post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('who may call what', () => {
  test('anonymous: every setting needs someone signed in; a stranger’s codes and password do nothing to another account', async () => {
    const anon = await visitor(server.url);
    for (const [method, path, json] of [
      ['GET', '/rest/account/two-factor', undefined],
      ['POST', '/api/auth/two-factor/enable', { password: PASSWORD }],
      ['POST', '/api/auth/two-factor/confirm', { code: '123456' }],
      ['POST', '/api/auth/two-factor/disable', { password: PASSWORD }],
      ['POST', '/api/auth/two-factor/backup-codes', { password: PASSWORD }],
    ] as const) {
      const res = await anon.send(method, path, { json });
      expect(problem(res), `${method} ${path}`).toEqual([401, 'unauthenticated']);
    }
    // The owner's settings are theirs alone: a stranger's calls act on the stranger's account.
    const owner = await withTwoFactor('Owen');
    const stranger = await signedUp(server.url, 'Stan');
    expect(problem(await stranger.post('/api/auth/two-factor/disable', { password: PASSWORD }))).toEqual([409, 'two_factor_not_enabled']);
    expect(problem(await stranger.post('/api/auth/two-factor/verify', { code: owner.app.code() }))).toEqual([401, 'two_factor_challenge_expired']);
    expect((await owner.b.get('/rest/account/two-factor')).json).toEqual({ enabled: true, pending: false });
    await passwordStep(owner.email);
  });
});

describe('as events on the account', () => {
  async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  }
  const accountEvents = async (userId: string) =>
    (
      await rows<{ type: string; data: Record<string, unknown> }>('select type, data from events where stream_id = $1 order by stream_version', [
        `account-${userId}`,
      ])
    ).map((e) => [e.type, e.data.via ?? null]);
  const accountRow = async (userId: string) =>
    (
      await rows<{ two_factor_enabled: boolean; verified: boolean }>(
        'select two_factor_enabled, email_verified_at is not null as verified from accounts where user_id = $1',
        [userId],
      )
    )[0];

  test('the verified address, two-factor turned on and off are recorded on the account and shown by its read model', async () => {
    const { b } = await withTwoFactor('Vera');
    const userId = (await sessionUser(b)).id as string;
    expect(await accountRow(userId)).toEqual({ two_factor_enabled: true, verified: true });
    expect((await b.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(204);
    expect(await accountRow(userId)).toEqual({ two_factor_enabled: false, verified: true });
    expect(await accountEvents(userId)).toEqual([
      ['AccountRegistered', null],
      ['AccountEmailVerified', 'link'],
      ['AccountTwoFactorEnabled', null],
      ['AccountTwoFactorDisabled', null],
    ]);
  });
});
