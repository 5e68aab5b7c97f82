// Signing in with an OpenID Connect provider set in configuration, against oidc-provider (a real,
// certified OpenID provider) on 127.0.0.1: the whole authorization code flow through the app's
// spec'd routes; a new person gets an account registered like an email sign-up; an existing
// account is joined only when both sides have verified the address.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OIDC_CLIENT, startOidcProvider } from '../fakes/oidc.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signInWithProvider } from '../support/oidc-flow.js';
import { PASSWORD, signedUp, unverifiedSignUp, visitor } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let n = 0;
const address = (who: string) => `${who}.${++n}.${Date.now()}@example.com`;
const sessionUser = async (b: Browser) => (await b.get('/rest/session')).json.user;
/** A person known to the provider, with the provider's own password. */
const person = (who: string, email_verified = true, email = address(who)) => {
  const user = { sub: `sub-${who}-${n}`, email, email_verified, name: `${who[0].toUpperCase()}${who.slice(1)} Provider`, password: `${who}-idp-pass` };
  provider.setUser(user);
  return user;
};

async function query(sql: string, params: unknown[]) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/oidc`], users: [] });
  database = await createTestDatabase('oidc');
  server = await startServerProcess({
    databaseUrl: database.url,
    port,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: 'Test Provider',
      SIGN_IN_RATE_LIMIT: '1000',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await provider?.close();
  await database?.drop();
});

describe('the sign-in screen', () => {
  test('lists the configured provider by name, never its secret; an unconfigured one is refused', async () => {
    const anon = await visitor(server.url);
    const settings = await anon.get('/rest/auth/settings');
    expect(settings.json.providers).toEqual([{ id: 'oidc', name: 'Test Provider' }]);
    expect(settings.text).not.toContain(OIDC_CLIENT.secret);
    const google = await anon.post('/api/auth/sign-in/social', { provider: 'google' });
    expect([google.status, google.json.code]).toEqual([400, 'provider_not_configured']);
    const elsewhere = await anon.post('/api/auth/sign-in/social', { provider: 'oidc', callback_path: '//evil.example/x' });
    expect(elsewhere.status).toBe(400);
  });
});

describe('a new person', () => {
  test('signs in at the provider and lands signed in, with an account registered like an email sign-up', async () => {
    const idp = person('nina');
    const b = await visitor(server.url);
    const { location } = await signInWithProvider(b, provider.issuer, idp, '/library');
    expect(location?.toString()).toBe(`${server.url}/library`);
    const user = await sessionUser(b);
    expect(user).toMatchObject({ email: idp.email, name: 'Nina Provider', email_verified: true });

    const events = await query('select type, data from events where stream_id = $1 order by stream_version', [`account-${user.id}`]);
    // The provider vouched for the address: it is recorded verified with the registration.
    expect(events.map((e) => e.type)).toEqual(['AccountRegistered', 'AccountEmailVerified']);
    expect(events[0].data).toMatchObject({ user_id: user.id, email: idp.email, name: 'Nina Provider' });
    expect(events[1].data).toMatchObject({ user_id: user.id, via: 'provider' });
    expect(await query('select user_id, email_verified_at is not null as verified from accounts where user_id = $1', [user.id])).toEqual([
      { user_id: user.id, verified: true },
    ]);

    // Again from another browser: the same account, registered once.
    const again = await visitor(server.url);
    await signInWithProvider(again, provider.issuer, idp);
    expect((await sessionUser(again)).id).toBe(user.id);
    expect(await query('select type from events where stream_id = $1', [`account-${user.id}`])).toHaveLength(2);
  });

  test('an account made by a provider has no password: changing one or setting up two-factor says so', async () => {
    const b = await visitor(server.url);
    await signInWithProvider(b, provider.issuer, person('pia'));
    const change = await b.post('/api/auth/change-password', { current_password: 'anything-at-all', new_password: 'a-new-secret-1' });
    expect([change.status, change.json.code]).toEqual([409, 'no_password']);
    const twoFactor = await b.post('/api/auth/two-factor/enable', { password: 'anything-at-all' });
    expect([twoFactor.status, twoFactor.json.code]).toEqual([409, 'no_password']);
  });

  test('an account made by a provider sets a first password, once; it is told by mail, and then changes it and turns on two-factor as any other', async () => {
    const idp = person('paz');
    const b = await visitor(server.url);
    await signInWithProvider(b, provider.issuer, idp);
    expect((await b.get('/rest/account/password')).json).toEqual({ has_password: false });
    expect((await b.post('/api/auth/set-password', { new_password: 'short' })).status).toBe(400);
    expect((await b.get('/rest/account/password')).json).toEqual({ has_password: false });

    expect((await b.post('/api/auth/set-password', { new_password: 'paz-own-secret-1' })).status).toBe(204);
    expect((await b.get('/rest/account/password')).json).toEqual({ has_password: true });
    const again = await b.post('/api/auth/set-password', { new_password: 'paz-other-secret-2' });
    expect([again.status, again.json.code]).toEqual([409, 'password_already_set']);
    const notices = await query('select text from mail_outbox where "to" = $1 and subject = $2', [idp.email, 'A password was set on your account']);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain(`signed in to with ${idp.email} and a password`);

    // The address and the password sign in now; the password confirms two-factor and changes.
    expect((await (await visitor(server.url)).post('/api/auth/sign-in/email', { email: idp.email, password: 'paz-own-secret-1' })).status).toBe(200);
    expect((await b.post('/api/auth/two-factor/enable', { password: 'paz-own-secret-1' })).status).toBe(200);
    expect((await b.post('/api/auth/change-password', { current_password: 'paz-own-secret-1', new_password: 'paz-new-secret-3' })).status).toBe(204);

    const anon = await visitor(server.url);
    expect((await anon.get('/rest/account/password')).status).toBe(401);
    expect((await anon.post('/api/auth/set-password', { new_password: 'paz-own-secret-1' })).status).toBe(401);
  });

  test('a wrong password at the provider signs nobody in', async () => {
    const idp = person('olga');
    const b = await visitor(server.url);
    const { providerRefused } = await signInWithProvider(b, provider.issuer, { email: idp.email, password: 'not-it' });
    expect(providerRefused).toBe(true);
    expect(await sessionUser(b)).toBeNull();
  });
});

describe('an address that already has an account', () => {
  test('joins the account when the provider and the account have both verified it', async () => {
    const email = address('vera');
    const local = await signedUp(server.url, 'Vera', email);
    const localUser = await sessionUser(local);
    const b = await visitor(server.url);
    const { location } = await signInWithProvider(b, provider.issuer, person('vera', true, email));
    expect(location?.pathname).toBe('/');
    expect((await sessionUser(b)).id).toBe(localUser.id);
  });

  test('an unverified account is never taken over by a provider’s sign-in', async () => {
    const email = address('ursula');
    const squatter = await unverifiedSignUp(server.url, 'Squatter', email);
    const squatterUser = await sessionUser(squatter);
    const b = await visitor(server.url);
    const { location } = await signInWithProvider(b, provider.issuer, person('ursula', true, email));
    expect(location?.pathname).toBe('/auth/error');
    expect(location?.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(b)).toBeNull();
    expect(await query('select "providerId" from account where "userId" = $1', [squatterUser.id])).toEqual([{ providerId: 'credential' }]);
  });

  test('an address the provider has not verified joins no account', async () => {
    const email = address('walt');
    await signedUp(server.url, 'Walt', email);
    const b = await visitor(server.url);
    const { location } = await signInWithProvider(b, provider.issuer, person('walt', false, email));
    expect(location?.searchParams.get('error')).toBe('account_not_linked');
    expect(await sessionUser(b)).toBeNull();
  });

  test('an account made by a provider with an unverified address is not taken by an email sign-up either', async () => {
    const idp = person('xena', false);
    const b = await visitor(server.url);
    await signInWithProvider(b, provider.issuer, idp);
    const made = await sessionUser(b);
    expect(made).toMatchObject({ email: idp.email, email_verified: false });
    expect((await query('select type from events where stream_id = $1', [`account-${made.id}`])).map((e) => e.type)).toEqual(['AccountRegistered']);
    const taker = await visitor(server.url);
    const res = await taker.post('/api/auth/sign-up/email', { name: 'Taker', email: idp.email, password: PASSWORD });
    expect([res.status, res.json.user]).toEqual([200, null]);
    expect(await sessionUser(taker)).toBeNull();
  });
});

describe('an account made by a provider that cannot be registered', () => {
  test('is taken back whole: no user, no event, no session; the next sign-in works', async () => {
    const idp = person('halle');
    await query(`create function refuse_provider_account() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`, []);
    await query(
      `create trigger refuse_provider_account before insert on accounts for each row when (new.email = '${idp.email}') execute function refuse_provider_account()`,
      [],
    );
    const b = await visitor(server.url);
    const { location } = await signInWithProvider(b, provider.issuer, idp);
    expect(location?.pathname).toBe('/auth/error');
    expect(location?.searchParams.get('error')).toBe('sign_up_failed');
    expect(await sessionUser(b)).toBeNull();
    expect(await query('select id from "user" where email = $1', [idp.email])).toEqual([]);
    expect(await query(`select 1 from events where type = 'AccountRegistered' and data->>'email' = $1`, [idp.email])).toEqual([]);

    await query('drop trigger refuse_provider_account on accounts', []);
    await signInWithProvider(b, provider.issuer, idp);
    expect(await sessionUser(b)).toMatchObject({ email: idp.email });
  });
});

describe('a callback not started here', () => {
  test('a forged state or a provider error lands on the failure page, signed out', async () => {
    const b = await visitor(server.url);
    for (const q of ['code=abc&state=forged', 'error=access_denied&error_description=no', '']) {
      const res = await b.get(`/api/auth/callback/oidc?${q}`);
      expect(res.status, q).toBe(302);
      expect(new URL(res.headers.get('location')!, server.url).pathname, q).toBe('/auth/error');
    }
    expect(await sessionUser(b)).toBeNull();
    const unknownParam = await b.get('/api/auth/callback/oidc?colour=blue');
    expect(unknownParam.status).toBe(400);
  });
});
