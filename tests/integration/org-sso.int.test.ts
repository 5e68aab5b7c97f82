// Organisation single sign-on on the real server and PostgreSQL, against oidc-provider (a real,
// certified OpenID provider) on 127.0.0.1 and a test-only TXT record file standing in for DNS:
// an admin claims, proves and configures; people at the domain sign in through /api/auth/sign-in/sso
// and join as members; every refusal is a stable code. A second server, without
// SSO_ALLOW_PRIVATE_ISSUERS, refuses issuers on loopback or plain http before calling them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OIDC_CLIENT, startOidcProvider } from '../fakes/oidc.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { followProvider } from '../support/oidc-flow.js';
import { signedUp, unverifiedSignUp, visitor } from '../support/people.js';
import { freePort } from '../support/ports.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const dnsFile = join(mkdtempSync(join(tmpdir(), 'sso-dns-')), 'txt.json');
const txt: Record<string, string[]> = {};
const publish = (name: string, value: string) => {
  txt[name] = [...(txt[name] ?? []), value];
  writeFileSync(dnsFile, JSON.stringify(txt));
};

let database: { url: string; drop: () => Promise<void> };
let strictDatabase: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let strict: ServerProcess;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let n = 0;
const stamp = Date.now();

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/sso/callback`], users: [] });
  writeFileSync(dnsFile, '{}');
  [database, strictDatabase] = await Promise.all([createTestDatabase('sso'), createTestDatabase('sso_strict')]);
  [server, strict] = await Promise.all([
    startServerProcess({
      databaseUrl: database.url,
      port,
      env: { SIGN_IN_RATE_LIMIT: '1000', SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_TEST_DNS_FILE: dnsFile },
    }),
    startServerProcess({ databaseUrl: strictDatabase.url, env: { SIGN_IN_RATE_LIMIT: '1000', SSO_TEST_DNS_FILE: dnsFile } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.stop(), strict?.stop()]);
  await provider?.close();
  await Promise.all([database?.drop(), strictDatabase?.drop()]);
});

async function query(url: string, sql: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

const problem = (res: Sent, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.json.code).toBe(code);
};
const sso = (b: Browser, org: string, method: string, path = '', json?: unknown) =>
  b.send(method, `/rest/organizations/${org}/sso${path}`, json === undefined ? {} : { json });
const newDomain = () => `acme-${++n}-${stamp}.test`;

/** An owner with an organisation whose domain is proven and whose provider is the test provider. */
async function activeOrg(base = server) {
  const domain = newDomain();
  const owner = await signedUp(base.url, 'Olga', `olga@${domain}`);
  const org = (await owner.post('/rest/organizations', { name: `Acme ${n} ${stamp}` })).json.uuid as string;
  const claimed = await sso(owner, org, 'PUT', '/domain', { domain });
  expect(claimed.status, claimed.text).toBe(200);
  publish(claimed.json.txt_name, claimed.json.txt_value);
  expect((await sso(owner, org, 'POST', '/domain/verify')).status).toBe(200);
  return { owner, org, domain };
}
async function configure(owner: Browser, org: string) {
  const res = await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret });
  expect(res.status, res.text).toBe(200);
  return res;
}
/** A person known to the provider. */
const idpPerson = (email: string, email_verified = true) => {
  const user = { sub: `sub-${++n}`, email, email_verified, name: `Person ${n}`, password: `pass-${n}` };
  provider.setUser(user);
  return user;
};
async function signInThroughSso(b: Browser, email: string, login: { email: string; password: string }, callback_path = '/library') {
  const start = await b.post('/api/auth/sign-in/sso', { email, callback_path });
  expect(start.status, start.text).toBe(200);
  expect(start.setCookies.join()).toMatch(/answer_sso_flow=[^;]+; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax/);
  return followProvider(b, provider.issuer, start.json.url, login);
}
const membersOf = async (owner: Browser, org: string) =>
  (await owner.get(`/rest/organizations/${org}/members`)).json.members as { email: string; role: string; user_id: string }[];

describe('an admin sets single sign-on up', () => {
  test('claim, the TXT record to add, verify, configure: the secret never comes back, nor sits in the log in clear', async () => {
    const domain = newDomain();
    const owner = await signedUp(server.url, 'Olga', `olga@${domain}`);
    const org = (await owner.post('/rest/organizations', { name: `Setup ${stamp}` })).json.uuid as string;
    expect((await sso(owner, org, 'GET')).json).toMatchObject({ domain: null, domain_verified: false, active: false });

    const claimed = await sso(owner, org, 'PUT', '/domain', { domain: ` ${domain.toUpperCase()} ` });
    expect(claimed.json).toMatchObject({ domain, txt_name: `_answer-sso.${domain}`, domain_verified: false, client_secret_set: false });
    expect(claimed.json.txt_value).toMatch(/^answer-sso=[\w-]{32}$/);
    // The one redirect URI to register with the provider: this server's callback.
    expect(claimed.json.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/sso\/callback$/);

    // Configuring before the proof, and verifying before the record is there, are refused.
    problem(await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: 'c', client_secret: 's' }), 409, 'sso_domain_unverified');
    problem(await sso(owner, org, 'POST', '/domain/verify'), 409, 'sso_dns_record_missing');
    publish(claimed.json.txt_name, 'answer-sso=someone-elses-token');
    problem(await sso(owner, org, 'POST', '/domain/verify'), 409, 'sso_dns_record_missing');
    publish(claimed.json.txt_name, claimed.json.txt_value);
    expect((await sso(owner, org, 'POST', '/domain/verify')).json).toMatchObject({ domain_verified: true, active: false });

    const configured = await configure(owner, org);
    expect(configured.json).toMatchObject({ issuer: provider.issuer, client_id: OIDC_CLIENT.id, client_secret_set: true, active: true });
    expect(configured.text).not.toContain(OIDC_CLIENT.secret);
    expect((await sso(owner, org, 'GET')).text).not.toContain(OIDC_CLIENT.secret);
    const logged = await query(database.url, `select data::text from events where stream_id = $1`, [`org-${org}`]);
    expect(logged.map((r) => r.data).join('\n')).not.toContain(OIDC_CLIENT.secret);
    const [row] = await query(database.url, 'select client_secret_sealed from org_sso where org_uuid = $1', [org]);
    expect(row.client_secret_sealed).not.toContain(OIDC_CLIENT.secret);

    // The client id changes without typing the secret again.
    const again = await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: OIDC_CLIENT.id });
    expect(again.json.client_secret_set).toBe(true);

    // Removed: nothing is left, and nobody signs in through it.
    expect((await sso(owner, org, 'DELETE')).json).toMatchObject({ domain: null, active: false });
    problem(await (await visitor(server.url)).post('/api/auth/sign-in/sso', { email: `x@${domain}` }), 404, 'sso_not_configured');
  });

  test('bad domains: not a domain, a public mail service, one another organisation verified', async () => {
    const { domain } = await activeOrg();
    const other = await signedUp(server.url, 'Otto');
    const org = (await other.post('/rest/organizations', { name: `Other ${stamp} ${++n}` })).json.uuid as string;
    problem(await sso(other, org, 'PUT', '/domain', { domain: 'not a domain' }), 400, 'sso_invalid_domain');
    problem(await sso(other, org, 'PUT', '/domain', { domain: 'gmail.com' }), 400, 'sso_public_domain');
    problem(await sso(other, org, 'PUT', '/domain', { domain: 'proton.me' }), 400, 'sso_public_domain');
    problem(await sso(other, org, 'PUT', '/domain', { domain }), 409, 'sso_domain_taken');
    expect((await sso(other, org, 'GET')).json.domain).toBeNull();
  });

  test('two organisations proving one domain at once: exactly one gets it, the other is told 409', async () => {
    const domain = newDomain();
    const orgs = await Promise.all(
      ['Ann', 'Ben'].map(async (name) => {
        const b = await signedUp(server.url, name);
        const org = (await b.post('/rest/organizations', { name: `${name} ${stamp} ${++n}` })).json.uuid as string;
        const claimed = await sso(b, org, 'PUT', '/domain', { domain });
        expect(claimed.status, claimed.text).toBe(200);
        publish(claimed.json.txt_name, claimed.json.txt_value);
        return { b, org };
      }),
    );
    const results = await Promise.all(orgs.map(({ b, org }) => sso(b, org, 'POST', '/domain/verify')));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    problem(results.find((r) => r.status === 409)!, 409, 'sso_domain_taken');
    const [{ count }] = await query(database.url, 'select count(*)::int as count from org_sso where domain = $1 and verified_at is not null', [domain]);
    expect(count).toBe(1);
  });

  test('an issuer that does not answer as one is refused with the reason', async () => {
    const { owner, org } = await activeOrg();
    const dead = `http://127.0.0.1:${await freePort()}`;
    problem(await sso(owner, org, 'PUT', '/provider', { issuer: dead, client_id: 'c', client_secret: 's' }), 400, 'sso_issuer_unreachable');
    problem(await sso(owner, org, 'PUT', '/provider', { issuer: 'ftp://idp.example.com', client_id: 'c', client_secret: 's' }), 400, 'sso_invalid_issuer');
    problem(await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: 'c' }), 400, 'sso_invalid_client');
    // The test of the credentials: the provider's token endpoint refuses a wrong secret or an unknown client.
    problem(
      await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: OIDC_CLIENT.id, client_secret: 'wrong' }),
      400,
      'sso_client_rejected',
    );
    problem(await sso(owner, org, 'PUT', '/provider', { issuer: provider.issuer, client_id: 'nobody', client_secret: 's' }), 400, 'sso_client_rejected');
    expect((await sso(owner, org, 'GET')).json.issuer).toBeNull();
  });
});

describe('without SSO_ALLOW_PRIVATE_ISSUERS', () => {
  test('issuers on plain http, loopback or private addresses are refused before any call', async () => {
    const { owner, org } = await activeOrg(strict);
    for (const issuer of [provider.issuer, 'http://idp.example.com'])
      problem(await sso(owner, org, 'PUT', '/provider', { issuer, client_id: 'c', client_secret: 's' }), 400, 'sso_invalid_issuer');
    for (const issuer of [
      'https://127.0.0.1:9',
      'https://localhost:9',
      'https://[::1]:9',
      'https://169.254.169.254',
      'https://10.0.0.1',
      'https://[::ffff:127.0.0.1]',
    ])
      problem(await sso(owner, org, 'PUT', '/provider', { issuer, client_id: 'c', client_secret: 's' }), 400, 'sso_issuer_refused');
    expect((await sso(owner, org, 'GET')).json.issuer).toBeNull();
  });
});

describe('signing in through the organisation', () => {
  test('a new person at the domain gets a verified account and joins as a member', async () => {
    const { owner, org, domain } = await activeOrg();
    await configure(owner, org);
    const idp = idpPerson(`nina@${domain}`);
    const b = await visitor(server.url);
    const { location } = await signInThroughSso(b, idp.email.toUpperCase(), idp);
    expect(location?.pathname).toBe('/library');
    const user = (await b.get('/rest/session')).json.user;
    expect(user).toMatchObject({ email: idp.email, email_verified: true, org_uuid: org });
    expect((await membersOf(owner, org)).find((m) => m.email === idp.email)?.role).toBe('member');
    // Registered like an email sign-up, in the log.
    expect(await query(database.url, `select 1 from events where type = 'AccountRegistered' and data->>'user_id' = $1`, [user.id])).toHaveLength(1);
    // Signing in again is the same account, still one membership.
    const again = await visitor(server.url);
    await signInThroughSso(again, idp.email, idp);
    expect((await again.get('/rest/session')).json.user.id).toBe(user.id);
    expect((await membersOf(owner, org)).filter((m) => m.email === idp.email)).toHaveLength(1);
  });

  test('an existing account with that verified address signs in and joins; an unverified one is never joined', async () => {
    const { owner, org, domain } = await activeOrg();
    await configure(owner, org);
    const verifiedEmail = `vera@${domain}`;
    const own = await signedUp(server.url, 'Vera', verifiedEmail);
    const ownId = (await own.get('/rest/session')).json.user.id;
    const vera = idpPerson(verifiedEmail);
    const b = await visitor(server.url);
    await signInThroughSso(b, verifiedEmail, vera);
    expect((await b.get('/rest/session')).json.user).toMatchObject({ id: ownId, org_uuid: org });

    const squatted = `ursula@${domain}`;
    await unverifiedSignUp(server.url, 'Squatter', squatted);
    const ursula = idpPerson(squatted);
    const u = await visitor(server.url);
    const { location } = await signInThroughSso(u, squatted, ursula);
    expect(location?.pathname).toBe('/auth/error');
    expect(location?.searchParams.get('error')).toBe('account_not_linked');
    expect((await u.get('/rest/session')).json.user).toBeNull();
    expect((await membersOf(owner, org)).map((m) => m.email)).not.toContain(squatted);
  });

  test('the provider must vouch for a verified address at the domain', async () => {
    const { owner, org, domain } = await activeOrg();
    await configure(owner, org);
    const unverified = idpPerson(`uma@${domain}`, false);
    const b = await visitor(server.url);
    const r1 = await signInThroughSso(b, unverified.email, unverified);
    expect(r1.location?.searchParams.get('error')).toBe('sso_email_unverified');
    const elsewhere = idpPerson(`walt-${n}@elsewhere.test`);
    const r2 = await signInThroughSso(b, `walt@${domain}`, elsewhere);
    expect(r2.location?.searchParams.get('error')).toBe('sso_wrong_domain');
    expect((await b.get('/rest/session')).json.user).toBeNull();
    expect((await membersOf(owner, org)).map((m) => m.email)).toEqual([`olga@${domain}`]);
  });

  test('refusals at the start: an unverified domain, a domain nobody set up, a callback without this browser’s flow', async () => {
    const domain = newDomain();
    const owner = await signedUp(server.url, 'Olga', `olga@${domain}`);
    const org = (await owner.post('/rest/organizations', { name: `Unproven ${stamp}` })).json.uuid as string;
    await sso(owner, org, 'PUT', '/domain', { domain });
    const anon = await visitor(server.url);
    problem(await anon.post('/api/auth/sign-in/sso', { email: `x@${domain}` }), 409, 'sso_domain_unverified');
    problem(await anon.post('/api/auth/sign-in/sso', { email: `x@${newDomain()}` }), 404, 'sso_not_configured');
    problem(await anon.post('/api/auth/sign-in/sso', { email: 'not-an-address' }), 400, 'invalid_email');
    expect((await anon.post('/api/auth/sign-in/sso', { email: `x@${domain}`, callback_path: '//evil.example' })).status).toBe(400);
    const stray = await anon.get('/api/auth/sso/callback?code=abc&state=def');
    expect(stray.status).toBe(302);
    expect(new URL(stray.headers.get('location')!).searchParams.get('error')).toBe('sso_state_mismatch');
  });
});
