// Connecting a provider by OAuth 2.0, end to end through the app's spec'd routes against a fake of
// the provider's authorization server on 127.0.0.1 (tests/fakes/oauth): state and PKCE checked, a
// replayed or forged callback refused, the tokens sealed at rest and never in an answer or a log,
// the same account connected again renewing its connection, disconnect revoking at the provider,
// and who may do what (owner, an organisation's roles, a stranger, a visitor).
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const GOOGLE = { clientId: 'drive-client', clientSecret: 'drive-secret-value-1234' };
const BOX = { clientId: 'box-client', clientSecret: 'box-secret-value-5678' };
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let google: OAuthFake;
let box: OAuthFake;

async function query<T>(text: string, params: unknown[] = []) {
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...GOOGLE });
  box = await startOAuthFake({ family: 'box', ...BOX });
  database = await createTestDatabase('connectors');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      CONNECTOR_GOOGLE_CLIENT_ID: GOOGLE.clientId,
      CONNECTOR_GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
      CONNECTOR_GOOGLE_BASE_URL: google.url,
      CONNECTOR_BOX_CLIENT_ID: BOX.clientId,
      CONNECTOR_BOX_CLIENT_SECRET: BOX.clientSecret,
      CONNECTOR_BOX_BASE_URL: box.url,
      SIGN_IN_RATE_LIMIT: '1000',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await google?.close();
  await box?.close();
  await database?.drop();
});

/** A top-level navigation to `path` as a browser makes it (fetch() sets its own Sec-Fetch-Mode, so node:http). */
function navigateTo(b: Browser, path: string) {
  return new Promise<{ status: number; code: string }>((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { headers: { cookie: b.cookieHeader(), 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, code: JSON.parse(text || '{}').code }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The invitation id of the newest invitation mailed to `to` (the outbox of a mail-less server). */
async function mailedInvitation(to: string, org: string) {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
    const link = rows.map((r) => new RegExp(`/join/org/${org}/(\\S+)`).exec(r.text)?.[1]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mailed to ${to}`);
}

const problem = (res: Sent, status: number, code: string) => {
  expect([res.status, res.json?.code], res.text).toEqual([status, code]);
};
const connectorOf = async (b: Browser, name: string, repo: 'USER' | 'ORG' = 'USER') => {
  const res = await b.get(`/rest/connectors?file_repository_type=${repo}`);
  expect(res.status, res.text).toBe(200);
  return res.json.connectors.find((c: { name: string }) => c.name === name);
};

/** Starts connecting, lets the fake provider answer, and follows the browser back: the app's final Location. */
async function connect(b: Browser, name: string, extra = '') {
  const started = await b.get(`/rest/connectors/${name}/connect?redirect_path=%2Faccount%2Fconnectors${extra}`);
  expect(started.status, started.text).toBe(200);
  const atProvider = await fetch(started.json.redirect_url, { redirect: 'manual' });
  const callback = atProvider.headers.get('location') ?? '';
  const back = await b.get(callback.replace(server.url, ''));
  expect(back.status, back.text).toBe(302);
  return { authorizeUrl: new URL(started.json.redirect_url), callback, location: new URL(back.headers.get('location') ?? '') };
}

describe('connecting a provider', () => {
  test('lists every connector; the ones without an OAuth client say so and refuse to start', async () => {
    const ann = await signedUp(server.url, 'Ann');
    const list = (await ann.get('/rest/connectors')).json.connectors as { name: string; available: boolean; unavailable_reason: string | null }[];
    expect(list).toHaveLength(16);
    expect(list.find((c) => c.name === 'google_drive')).toMatchObject({ available: true, connected: false, connection_uuid: null });
    expect(list.find((c) => c.name === 'dropbox')).toMatchObject({
      available: false,
      unavailable_reason: 'Dropbox is not set up by the administrator of this server.',
    });
    expect(list.find((c) => c.name === 'sharepoint')).toMatchObject({ available: false, enterprise_only: true });
    const res = await ann.get('/rest/connectors/dropbox/connect');
    problem(res, 503, 'connector_not_configured');
    expect(res.json.detail ?? res.json.title).toContain('Dropbox is not set up on this server');
    problem(await ann.get('/rest/connectors/nonsense/connect'), 404, 'connector_not_found');
    expect(list.map((c) => JSON.stringify(c)).join('')).not.toContain(GOOGLE.clientSecret);
  });

  test('Gmail with Calendar connected without the calendar says what is missing; connecting again with everything clears it', async () => {
    const gil = await signedUp(server.url, 'Gil');
    google.state.account = { id: 'gil-google', email: 'gil@gmail.example', name: 'Gil G' };
    google.state.grantScope = 'openid email https://www.googleapis.com/auth/gmail.readonly';
    const first = await connect(gil, 'gmail');
    google.state.grantScope = null;
    expect(first.authorizeUrl.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['https://www.googleapis.com/auth/gmail.readonly', 'https://www.googleapis.com/auth/calendar.readonly']),
    );
    expect(await connectorOf(gil, 'gmail')).toMatchObject({ connected: true, missing_permissions: ['calendar'] });
    expect(await connectorOf(gil, 'google_drive')).toMatchObject({ missing_permissions: [] });
    await connect(gil, 'gmail');
    expect(await connectorOf(gil, 'gmail')).toMatchObject({ connected: true, missing_permissions: [] });
  });

  test('authorization code with PKCE and state: connected, the account named, tokens sealed and never shown', async () => {
    const bea = await signedUp(server.url, 'Bea');
    google.state.account = { id: 'bea-google', email: 'bea@gmail.example', name: 'Bea G' };
    const { authorizeUrl, location } = await connect(bea, 'google_drive');
    expect(authorizeUrl.origin).toBe(google.url);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${server.url}/rest/connectors/oauth/callback`);
    expect(authorizeUrl.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/drive.readonly');
    expect(`${location.pathname}${location.search}`).toBe('/account/connectors?connected=google_drive');

    const drive = await connectorOf(bea, 'google_drive');
    expect(drive).toMatchObject({ connected: true, connection_display_name: 'bea@gmail.example', manageable: true });
    const rows = await query<{ access_sealed: string; refresh_sealed: string }>(
      'select access_sealed, refresh_sealed from connector_credentials where connection_uuid = $1',
      [drive.connection_uuid],
    );
    expect(rows).toHaveLength(1);
    for (const token of google.state.issued) {
      expect(rows[0].access_sealed + rows[0].refresh_sealed).not.toContain(token);
      expect(server.logs()).not.toContain(token);
      expect(JSON.stringify(await connectorOf(bea, 'google_drive'))).not.toContain(token);
    }
    expect(server.logs()).not.toContain(GOOGLE.clientSecret);
    // The events carry no token either.
    const events = await query<{ data: unknown }>('select data from events where stream_id = $1', [`connection-${drive.connection_uuid}`]);
    for (const token of google.state.issued) expect(JSON.stringify(events)).not.toContain(token);
  });

  test('a callback is used once, by the person who started it: replayed, forged or taken by someone else, it is refused', async () => {
    const cy = await signedUp(server.url, 'Cy');
    const eve = await signedUp(server.url, 'Eve');
    const started = await cy.get('/rest/connectors/google_drive/connect');
    const atProvider = await fetch(started.json.redirect_url, { redirect: 'manual' });
    const callback = (atProvider.headers.get('location') ?? '').replace(server.url, '');
    // Someone else's browser brings Cy's callback: refused, and Cy's attempt is still Cy's.
    const stolen = await eve.get(callback);
    expect(new URL(stolen.headers.get('location') ?? '').searchParams.get('connection_error')).toBe('connection_flow_invalid');
    expect((await connectorOf(eve, 'google_drive')).connected).toBe(false);
    const forged = await cy.get(callback.replace(/state=[^&]+/, 'state=forged-state-value'));
    expect(new URL(forged.headers.get('location') ?? '').searchParams.get('connection_error')).toBe('connection_flow_invalid');
    const first = await cy.get(callback);
    expect(new URL(first.headers.get('location') ?? '').searchParams.get('connected')).toBe('google_drive');
    const replay = await cy.get(callback);
    expect(new URL(replay.headers.get('location') ?? '').searchParams.get('connection_error')).toBe('connection_flow_invalid');
    // A visitor's callback goes nowhere.
    const anon = await visitor(server.url);
    expect(new URL((await anon.get(callback)).headers.get('location') ?? '').searchParams.get('connection_error')).toBe('connection_flow_invalid');
  });

  test('a cancel at the provider comes back as cancelled, not as an error; a wrong PKCE verifier gets no token', async () => {
    const dee = await signedUp(server.url, 'Dee');
    google.state.cancelNext = true;
    const { location } = await connect(dee, 'google_drive');
    expect(location.searchParams.get('connection_cancelled')).toBe('google_drive');
    expect(location.searchParams.get('connection_error')).toBeNull();
    // The exchange with another verifier is refused by the provider: the code is bound to the challenge.
    const started = await dee.get('/rest/connectors/google_drive/connect');
    const code = new URL((await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '').searchParams.get('code');
    const exchange = await fetch(`${google.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: `${server.url}/rest/connectors/oauth/callback`,
        code_verifier: 'a-verifier-that-is-not-the-one-the-server-keeps-0123456789',
        client_id: GOOGLE.clientId,
        client_secret: GOOGLE.clientSecret,
      }),
    });
    expect(exchange.status).toBe(400);
  });

  test('the same account connected again renews its connection; disconnect revokes at the provider; delete forgets it', async () => {
    const fay = await signedUp(server.url, 'Fay');
    box.state.account = { id: 'fay-box', email: 'fay@box.example', name: 'Fay B' };
    await connect(fay, 'box');
    const first = await connectorOf(fay, 'box');
    await connect(fay, 'box');
    const again = await connectorOf(fay, 'box');
    expect(again.connection_uuid).toBe(first.connection_uuid);

    // A page navigation (a link on another site) cannot disconnect.
    expect(await navigateTo(fay, '/rest/connectors/box/disconnect')).toMatchObject({ status: 403, code: 'cross_site_request' });
    const revokedBefore = box.state.revoked.length;
    const off = await fay.get('/rest/connectors/box/disconnect');
    expect(off.status, off.text).toBe(200);
    expect(off.json).toMatchObject({ connection_uuid: first.connection_uuid, connected: false, connection_type: 'box' });
    expect(box.state.revoked.length).toBe(revokedBefore + 1);
    expect(await query('select 1 from connector_credentials where connection_uuid = $1', [first.connection_uuid])).toHaveLength(0);
    // Twice is once.
    const twice = await fay.post(`/rest/connections/${first.connection_uuid}/update`, { disconnect: true });
    expect([twice.status, twice.json.connected]).toEqual([200, false]);
    expect(box.state.revoked.length).toBe(revokedBefore + 1);
    expect((await connectorOf(fay, 'box')).connected).toBe(false);

    // Connected again: the same connection, connected, with new tokens.
    await connect(fay, 'box');
    expect(await connectorOf(fay, 'box')).toMatchObject({ connected: true, connection_uuid: first.connection_uuid });
    const deleted = await fay.post(`/rest/connections/${first.connection_uuid}/delete`);
    expect(deleted.status, deleted.text).toBe(204);
    expect(box.state.revoked.length).toBe(revokedBefore + 2);
    expect(await connectorOf(fay, 'box')).toMatchObject({ connected: false, connection_uuid: null });
    problem(await fay.post(`/rest/connections/${first.connection_uuid}/delete`), 404, 'connection_not_found');
  });
});

describe('who may do what', () => {
  test("a stranger cannot see, disconnect or delete someone's connection; a visitor is asked to sign in", async () => {
    const gus = await signedUp(server.url, 'Gus');
    const hal = await signedUp(server.url, 'Hal');
    google.state.account = { id: 'gus-google', email: 'gus@gmail.example', name: 'Gus' };
    await connect(gus, 'google_drive');
    const uuid = (await connectorOf(gus, 'google_drive')).connection_uuid;
    problem(await hal.get(`/rest/connectors/${uuid}/disconnect`), 404, 'connection_not_found');
    problem(await hal.post(`/rest/connections/${uuid}/update`, { disconnect: true }), 404, 'connection_not_found');
    problem(await hal.post(`/rest/connections/${uuid}/delete`), 404, 'connection_not_found');
    expect((await connectorOf(hal, 'google_drive')).connected).toBe(false);
    expect((await connectorOf(gus, 'google_drive')).connected).toBe(true);

    const anon = await visitor(server.url);
    problem(await anon.get('/rest/connectors'), 401, 'unauthenticated');
    problem(await anon.get(`/rest/connectors/${uuid}/disconnect`), 401, 'unauthenticated');
    problem(await anon.post(`/rest/connections/${uuid}/update`, { disconnect: true }), 401, 'unauthenticated');
    problem(await anon.post(`/rest/connections/${uuid}/delete`), 401, 'unauthenticated');
    // A visitor who starts a connection is sent to sign in first, then back to where they were.
    const start = await anon.get('/rest/connectors/google_drive/connect?redirect_path=%2Fspaces%2Fabc');
    expect(start.json.redirect_url).toBe('/login?redirect=%2Fspaces%2Fabc');
    const own = await anon.get('/rest/connectors/google_drive/connect?unauthed_redirect_path=%2Fwelcome');
    expect(own.json.redirect_url).toBe('/welcome');
    // Never another site.
    const elsewhere = await anon.get('/rest/connectors/google_drive/connect?unauthed_redirect_path=%2F%2Fevil.example%2F');
    expect(elsewhere.json.redirect_url).toBe('/login?redirect=%2Faccount%2Fconnectors');
  });

  test("an organisation's connection: its owner and admins connect and manage it, a member sees it, an outsider does not", async () => {
    const owner = await signedUp(server.url, 'Ida');
    const created = await owner.post('/rest/organizations', { name: `Connectors Org ${Date.now()}` });
    expect(created.status, created.text).toBe(201);
    const org = created.json.uuid as string;
    const memberEmail = `ivy.${Date.now()}@example.com`;
    const member = await signedUp(server.url, 'Ivy', memberEmail);
    expect((await owner.post(`/rest/organizations/${org}/invitations`, { email: memberEmail, role: 'member' })).status).toBe(201);
    const invitation = await mailedInvitation(memberEmail, org);
    expect((await member.post(`/rest/organizations/${org}/invitations/${invitation}/accept`)).status).toBe(200);

    // Enterprise-only connectors open up inside an organisation; a personal account is refused.
    const loner = await signedUp(server.url, 'Jo');
    problem(await loner.get('/rest/connectors?file_repository_type=ORG'), 403, 'connector_no_organisation');

    google.state.account = { id: 'org-drive', email: 'shared@org.example', name: 'Org Drive' };
    const { location } = await connect(owner, 'google_drive', '&file_repository_type=ORG');
    expect(location.searchParams.get('connected')).toBe('google_drive');
    const seenByMember = await connectorOf(member, 'google_drive', 'ORG');
    expect(seenByMember).toMatchObject({ connected: true, connection_display_name: 'shared@org.example', manageable: false });
    // Not the member's own connection.
    expect((await connectorOf(member, 'google_drive')).connected).toBe(false);
    problem(await member.get('/rest/connectors/google_drive/connect?file_repository_type=ORG'), 403, 'connector_org_forbidden');
    problem(await member.post(`/rest/connections/${seenByMember.connection_uuid}/update`, { disconnect: true }), 403, 'connector_org_forbidden');
    problem(await loner.post(`/rest/connections/${seenByMember.connection_uuid}/delete`), 404, 'connection_not_found');
    const off = await owner.post(`/rest/connections/${seenByMember.connection_uuid}/update`, { disconnect: true });
    expect([off.status, off.json.connected, off.json.org_uuid]).toEqual([200, false, org]);
  });
});
