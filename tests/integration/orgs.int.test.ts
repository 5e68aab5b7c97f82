// The organisation area on the real server: invite by mail, accept with a verified address only,
// roles and the last owner, refusals with stable codes, the policy other domains obey, and an
// authorization matrix over every operation for owner, admin, member, stranger, anonymous and
// an admin of another organisation.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { uploadAndIndex, uploadUrls, listFiles, type Repo } from '../support/files.js';
import type { Browser, Sent } from '../support/http.js';
import { askAndWait, askStream, signedUp as signUp, unverifiedSignUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('orgs');
  // Many people sign up from one address here; the sign-up limit is another test's subject.
  // No TXT record anywhere (a test-only file that does not exist): single sign-on rows of the matrix never touch DNS.
  server = await startServerProcess({ databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT: '1000', SSO_TEST_DNS_FILE: '/nonexistent/sso-dns.json' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

let n = 0;
const emailOf = (name: string) => `${name.toLowerCase()}.org.${++n}.${Date.now()}@example.com`;
type Person = { b: Browser; email: string };
const person = async (name: string): Promise<Person> => {
  const email = emailOf(name);
  return { b: await signUp(server.url, name, email), email };
};
const api = (b: Browser, method: string, path: string, json?: unknown) => b.send(method, `/rest/organizations${path}`, json === undefined ? {} : { json });
const problem = (res: Sent, status: number, code: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.json.code).toBe(code);
};
const orgUuidOf = async (b: Browser) => (await b.get('/rest/session')).json.user.org_uuid as string | null;

/** The newest invitation link mailed to `to` (from the outbox, as a mail-less server keeps it). */
async function mailedInvitation(to: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ text: string; user_id: string | null }>(
      'select text, user_id from mail_outbox where lower("to") = lower($1) order by queued_at desc',
      [to],
    );
    const links = rows.map((r) => /https?:\/\/\S+\/join\/org\/(\S+)\/(\S+)/.exec(r.text)).filter((l) => l !== null);
    if (!links.length) throw new Error(`no invitation mailed to ${to}`);
    return { org: links[0][1], invitation: links[0][2], count: links.length };
  } finally {
    await client.end();
  }
}

async function newOrg(owner: Person, name = `Org ${++n}`) {
  const res = await owner.b.post('/rest/organizations', { name: `${name} ${Date.now()}` });
  expect(res.status, res.text).toBe(201);
  return res.json.uuid as string;
}

/** Invites `who` with `role` and has them accept: their member id. */
async function join(org: string, by: Person, who: Person, role: 'owner' | 'admin' | 'member') {
  const invited = await api(by.b, 'POST', `/${org}/invitations`, { email: who.email, role });
  expect(invited.status, invited.text).toBe(201);
  const { invitation } = await mailedInvitation(who.email);
  const accepted = await api(who.b, 'POST', `/${org}/invitations/${invitation}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
  const list = await api(by.b, 'GET', `/${org}/members`);
  return (list.json.members as { member_id: string; email: string }[]).find((m) => m.email === who.email)!.member_id;
}

describe('members and invitations', () => {
  test('an invitation is mailed; the invitee accepts with a verified address; roles change; removal takes the organisation away', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const org = await newOrg(ada);
    const invited = await api(ada.b, 'POST', `/${org}/invitations`, { email: bob.email.toUpperCase(), role: 'member' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json.invitations).toEqual([expect.objectContaining({ email: bob.email, role: 'member' })]);
    const mail = await mailedInvitation(bob.email);
    expect(mail.org).toBe(org);
    const seen = await api(bob.b, 'GET', `/${org}/invitations/${mail.invitation}`);
    expect(seen.json).toMatchObject({ org_uuid: org, email: bob.email, role: 'member' });

    const resent = await api(ada.b, 'POST', `/${org}/invitations/${mail.invitation}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect((await mailedInvitation(bob.email)).count).toBe(2);

    const accepted = await api(bob.b, 'POST', `/${org}/invitations/${mail.invitation}/accept`);
    expect(accepted.json).toMatchObject({ uuid: org, my_role: 'member' });
    expect(await orgUuidOf(bob.b)).toBe(org);
    problem(await api(bob.b, 'POST', `/${org}/invitations/${mail.invitation}/accept`), 404, 'invitation_not_found');

    const members = (await api(ada.b, 'GET', `/${org}/members`)).json;
    expect(members.invitations).toEqual([]);
    const bobId = members.members.find((m: { email: string }) => m.email === bob.email).member_id;
    const promoted = await api(ada.b, 'PUT', `/${org}/members/${bobId}/role`, { role: 'admin' });
    expect(promoted.json.members).toContainEqual(expect.objectContaining({ email: bob.email, role: 'admin', name: 'Bob' }));

    const removed = await api(ada.b, 'DELETE', `/${org}/members/${bobId}`);
    expect(removed.json.members.map((m: { email: string }) => m.email)).toEqual([ada.email]);
    expect(await orgUuidOf(bob.b)).toBeNull();
    problem(await api(bob.b, 'GET', `/${org}`), 404, 'organization_not_found');
  });

  test('an unverified account cannot accept, nor take over an invitation to its address', async () => {
    const ada = await person('Ada');
    const org = await newOrg(ada);
    const email = emailOf('Eve');
    const eve = await unverifiedSignUp(server.url, 'Eve', email);
    await api(ada.b, 'POST', `/${org}/invitations`, { email, role: 'member' });
    const { invitation } = await mailedInvitation(email);
    problem(await api(eve, 'POST', `/${org}/invitations/${invitation}/accept`), 403, 'email_not_verified');
    problem(await api(eve, 'GET', `/${org}/invitations/${invitation}`), 403, 'email_not_verified');
    expect(await orgUuidOf(eve)).toBeNull();
    // Someone else's verified account cannot accept it either.
    const mallory = await person('Mallory');
    problem(await api(mallory.b, 'POST', `/${org}/invitations/${invitation}/accept`), 404, 'invitation_not_found');
  });

  test('an address that belongs to another organisation is refused with 409, and nothing is written', async () => {
    const ada = await person('Ada');
    const cy = await person('Cy');
    const org = await newOrg(ada);
    await newOrg(cy);
    problem(await api(ada.b, 'POST', `/${org}/invitations`, { email: cy.email, role: 'member' }), 409, 'member_of_another_org');
    expect((await api(ada.b, 'GET', `/${org}/members`)).json.invitations).toEqual([]);
    // Invited first, then it joined another: accepting is refused the same way.
    const dan = await person('Dan');
    await api(ada.b, 'POST', `/${org}/invitations`, { email: dan.email, role: 'member' });
    const { invitation } = await mailedInvitation(dan.email);
    await newOrg(dan);
    problem(await api(dan.b, 'POST', `/${org}/invitations/${invitation}/accept`), 409, 'member_of_another_org');
  });

  test('the last owner cannot leave, be removed or be demoted; with a second owner they can leave', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const org = await newOrg(ada);
    const adaId = (await api(ada.b, 'GET', `/${org}/members`)).json.members[0].member_id;
    problem(await api(ada.b, 'POST', `/${org}/leave`), 409, 'last_owner');
    problem(await api(ada.b, 'DELETE', `/${org}/members/${adaId}`), 409, 'last_owner');
    problem(await api(ada.b, 'PUT', `/${org}/members/${adaId}/role`, { role: 'admin' }), 409, 'last_owner');
    const bobId = await join(org, ada, bob, 'admin');
    problem(await api(bob.b, 'PUT', `/${org}/members/${adaId}/role`, { role: 'member' }), 403, 'not_org_owner');
    problem(await api(bob.b, 'PUT', `/${org}/members/${bobId}/role`, { role: 'owner' }), 403, 'not_org_owner');
    expect((await api(ada.b, 'PUT', `/${org}/members/${bobId}/role`, { role: 'owner' })).status).toBe(200);
    expect((await api(ada.b, 'POST', `/${org}/leave`)).status).toBe(204);
    expect(await orgUuidOf(ada.b)).toBeNull();
    problem(await api(bob.b, 'POST', `/${org}/leave`), 409, 'last_owner');
  });

  test('bad input: a clear 400 with a stable code, nothing written', async () => {
    const ada = await person('Ada');
    const org = await newOrg(ada);
    problem(await api(ada.b, 'POST', `/${org}/invitations`, { email: 'not an address', role: 'member' }), 400, 'invalid_email');
    problem(await api(ada.b, 'POST', `/${org}/invitations`, { email: 'a@example.com', role: 'boss' }), 400, 'invalid_request');
    problem(await api(ada.b, 'PATCH', `/${org}`, { name: '   ' }), 400, 'org_name_required');
    problem(await api(ada.b, 'PATCH', `/${org}`, { logo_url: 'javascript:alert(1)' }), 400, 'invalid_logo_url');
    problem(await api(ada.b, 'PATCH', `/${org}`, { email_domains: ['not a domain'] }), 400, 'invalid_email_domain');
    const details = await api(ada.b, 'PATCH', `/${org}`, {
      name: ' Engines ',
      logo_url: 'https://example.com/logo.png',
      email_domains: ['Example.com'],
      default_thread_access: 'org read',
    });
    expect(details.json).toMatchObject({
      name: 'Engines',
      logo_url: 'https://example.com/logo.png',
      email_domains: ['example.com'],
      default_thread_access: 'org read',
      my_role: 'owner',
    });
    const access = (await api(ada.b, 'GET', `/${org}/user-access`)).json;
    problem(await api(ada.b, 'PUT', `/${org}/user-access`, { roles: access.roles, people: { 'no-such-person': { web_search: false } } }), 400, 'not_a_member');
    problem(
      await api(ada.b, 'PUT', `/${org}/user-access`, { roles: { ...access.roles, member: { ...access.roles.member, models: ['gpt-nope'] } }, people: {} }),
      400,
      'unknown_model',
    );
  });
});

describe('an organisation made before organisations were events', () => {
  test('is given its history from Better Auth’s rows when first used, and works as any other', async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const id = (b: Browser) => b.get('/rest/session').then((r) => r.json.user.id as string);
    const [adaId, bobId] = [await id(ada.b), await id(bob.b)];
    const org = crypto.randomUUID();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`insert into organization (id, name, slug, "createdAt") values ($1, 'Old Org', $2, now() - interval '1 day')`, [org, `old-${org}`]);
      await client.query(
        `insert into member (id, "organizationId", "userId", role, "createdAt") values ($1, $2, $3, 'owner', now() - interval '1 day'), ($4, $2, $5, 'member', now())`,
        [crypto.randomUUID(), org, adaId, crypto.randomUUID(), bobId],
      );
    } finally {
      await client.end();
    }
    const list = await api(ada.b, 'GET', `/${org}/members`);
    expect(list.json.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [ada.email, 'owner'],
      [bob.email, 'member'],
    ]);
    expect((await api(bob.b, 'GET', `/${org}`)).json).toMatchObject({ name: 'Old Org', my_role: 'member' });
    problem(await api(ada.b, 'POST', `/${org}/leave`), 409, 'last_owner');
    const bobMember = list.json.members[1].member_id;
    expect((await api(ada.b, 'DELETE', `/${org}/members/${bobMember}`)).status).toBe(200);
    expect(await orgUuidOf(bob.b)).toBeNull();
  });
});

describe('the organisation’s policy, obeyed elsewhere', () => {
  test('public sharing, Space creation, web search, file uploads and downloads: each refusal a 403 with its code', { timeout: 60_000 }, async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const org = await newOrg(ada);
    await join(org, ada, bob, 'member');
    const ORG_FILES: Repo = { file_repository_type: 'ORG', owner_id: org };
    const { uuids } = await uploadAndIndex(ada.b, ORG_FILES, [{ filename: 'handbook.txt', bytes: new TextEncoder().encode('The handbook says hello.') }]);
    expect(uuids).toHaveLength(1);
    const file = (await listFiles(bob.b, ORG_FILES)).json.files[0];

    // All allowed by default.
    const t = await askAndWait(server.url, bob.b, 'What does the handbook say?');
    expect((await bob.b.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'public read' } })).status).toBe(200);
    expect((await bob.b.post('/rest/collections/create_collection', {})).status).toBe(201);
    expect((await bob.b.post('/rest/file-repository/download', { file_url: file.file_s3_url })).status).toBe(200);

    const perms = await api(ada.b, 'PUT', `/${org}/permissions`, { public_sharing_allowed: false, space_creation: 'admins' });
    expect(perms.json).toEqual({ downloads_disabled: false, pdf_downloads_restricted: false, public_sharing_allowed: false, space_creation: 'admins' });
    const access = (await api(ada.b, 'GET', `/${org}/user-access`)).json;
    const memberOff = { ...access.roles.member, web_search: false, file_uploads: false, file_downloads: false };
    expect((await api(ada.b, 'PUT', `/${org}/user-access`, { roles: { ...access.roles, member: memberOff }, people: {} })).status).toBe(200);

    problem(await bob.b.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'public read' } }), 403, 'public_sharing_not_allowed');
    expect((await bob.b.send('PUT', `/rest/thread/${t.thread_url_slug}/access`, { json: { thread_access: 'private read' } })).status).toBe(200);
    problem(await bob.b.post('/rest/collections/create_collection', {}), 403, 'space_creation_not_allowed');
    problem(await uploadUrls(bob.b, ORG_FILES, [{ filename: 'x.txt', bytes: new Uint8Array(3) }]), 403, 'file_uploads_not_allowed');
    problem(await bob.b.post('/rest/file-repository/download', { file_url: file.file_s3_url }), 403, 'file_downloads_not_allowed');
    const web = await askStream(server.url, bob.b, { query_str: 'Anything new?', search_mode: 'web' });
    expect(web.status).toBe(403);
    expect((await web.json()).code).toBe('web_search_not_allowed');
    // The owner keeps what members lost.
    expect((await ada.b.post('/rest/collections/create_collection', {})).status).toBe(201);
    expect((await ada.b.post('/rest/file-repository/download', { file_url: file.file_s3_url })).status).toBe(200);

    // A person's own access wins over their role's.
    const bobUser = (await bob.b.get('/rest/session')).json.user.id;
    await api(ada.b, 'PUT', `/${org}/user-access`, { roles: { ...access.roles, member: memberOff }, people: { [bobUser]: { file_downloads: true } } });
    expect((await bob.b.post('/rest/file-repository/download', { file_url: file.file_s3_url })).status).toBe(200);

    // The downloads switch is the files domain's setting, changed here too.
    expect((await api(ada.b, 'PUT', `/${org}/permissions`, { downloads_disabled: true })).json.downloads_disabled).toBe(true);
    expect((await ada.b.get(`/rest/organizations/${org}/file-settings`)).json).toEqual({ downloads_disabled: true });
    problem(await bob.b.post('/rest/file-repository/download', { file_url: file.file_s3_url }), 403, 'downloads_disabled');
  });
});

describe('insights', () => {
  test('questions, active members, top Spaces, files indexed, by day, from the log', { timeout: 60_000 }, async () => {
    const ada = await person('Ada');
    const bob = await person('Bob');
    const org = await newOrg(ada);
    await join(org, ada, bob, 'member');
    const space = await bob.b.post('/rest/collections/create_collection', { title: 'Handbook questions' });
    expect(space.status, space.text).toBe(201);
    await askAndWait(server.url, bob.b, 'What does the handbook say?', { collection_uuid: space.json.uuid });
    await askAndWait(server.url, bob.b, 'Where is the handbook?', { collection_uuid: space.json.uuid });
    await askAndWait(server.url, ada.b, 'Who wrote the handbook?');
    await uploadAndIndex(ada.b, { file_repository_type: 'ORG', owner_id: org }, [{ filename: 'handbook.txt', bytes: new TextEncoder().encode('Hello.') }]);
    // Someone outside the organisation asks too: not counted.
    await askAndWait(server.url, (await person('Stan')).b, 'Anything?');

    const today = new Date().toISOString().slice(0, 10);
    let insights: Sent | undefined;
    // The consumer reads the log a moment after the appends.
    await expect
      .poll(
        async () => {
          insights = await api(ada.b, 'GET', `/${org}/insights?days=7`);
          return insights.json?.totals;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toMatchObject({ questions: 3, active_members: 2, files_indexed: 1 });
    expect(insights!.json.series).toHaveLength(7);
    expect(insights!.json.series.at(-1)).toMatchObject({ day: today, questions: 3, active_members: 2, files_indexed: 1 });
    expect(insights!.json.top_spaces).toEqual([{ uuid: space.json.uuid, title: 'Handbook questions', questions: 2 }]);
    expect((await api(ada.b, 'GET', `/${org}/insights`)).json.series).toHaveLength(30);
    problem(await api(bob.b, 'GET', `/${org}/insights`), 403, 'not_org_admin');
    problem(await api(ada.b, 'GET', `/${org}/insights?days=8`), 400, 'invalid_request');
  });
});

describe('authorization matrix', () => {
  type Role = 'owner' | 'admin' | 'member' | 'stranger' | 'anonymous' | 'otherAdmin';
  const ROLES: Role[] = ['owner', 'admin', 'member', 'stranger', 'anonymous', 'otherAdmin'];
  let who: Record<Role, Browser>;
  let org: string;
  let people: Record<'owner' | 'admin' | 'member', Person>;
  let targets: Record<'owner' | 'admin', string>;
  let target: string;

  beforeAll(async () => {
    const [owner, admin, member, stranger, other, otherAdmin, t1, t2, t3] = await Promise.all(
      ['Olga', 'Abe', 'Mia', 'Stan', 'Otto', 'Oda', 'Tia', 'Tom', 'Ted'].map((name) => person(name)),
    );
    org = await newOrg(owner);
    await join(org, owner, admin, 'admin');
    await join(org, owner, member, 'member');
    targets = { owner: await join(org, owner, t1, 'member'), admin: await join(org, owner, t2, 'member') };
    target = await join(org, owner, t3, 'member');
    const otherOrg = await newOrg(other);
    await join(otherOrg, other, otherAdmin, 'admin');
    people = { owner, admin, member };
    who = { owner: owner.b, admin: admin.b, member: member.b, stranger: stranger.b, anonymous: await visitor(server.url), otherAdmin: otherAdmin.b };
  }, 120_000);

  const invite = async () => {
    await api(people.owner.b, 'POST', `/${org}/invitations`, { email: emailOf('Pending'), role: 'member' });
    const list = (await api(people.owner.b, 'GET', `/${org}/members`)).json.invitations as { invitation_id: string }[];
    return list[list.length - 1].invitation_id;
  };
  type Expect = Partial<Record<Role, number | [number, string]>>;
  const manage: Expect = {
    owner: 200,
    admin: 200,
    member: [403, 'not_org_admin'],
    stranger: [404, 'organization_not_found'],
    otherAdmin: [404, 'organization_not_found'],
  };
  const read: Expect = { owner: 200, admin: 200, member: 200, stranger: [404, 'organization_not_found'], otherAdmin: [404, 'organization_not_found'] };
  const CASES: { op: string; expect: Expect; call: (b: Browser, role: Role) => Promise<Sent> }[] = [
    { op: 'getOrganization', expect: read, call: (b) => api(b, 'GET', `/${org}`) },
    { op: 'updateOrganization', expect: manage, call: (b) => api(b, 'PATCH', `/${org}`, { email_domains: ['example.com'] }) },
    { op: 'listOrgMembers', expect: read, call: (b) => api(b, 'GET', `/${org}/members`) },
    {
      op: 'inviteOrgMember',
      expect: { ...manage, owner: 201, admin: 201 },
      call: (b) => api(b, 'POST', `/${org}/invitations`, { email: emailOf('New'), role: 'member' }),
    },
    { op: 'resendOrgInvitation', expect: manage, call: async (b) => api(b, 'POST', `/${org}/invitations/${await invite()}/resend`) },
    { op: 'revokeOrgInvitation', expect: manage, call: async (b) => api(b, 'DELETE', `/${org}/invitations/${await invite()}`) },
    {
      op: 'getOrgInvitation',
      expect: { ...read, member: [404, 'invitation_not_found'], stranger: [404, 'invitation_not_found'], otherAdmin: [404, 'invitation_not_found'] },
      call: async (b) => api(b, 'GET', `/${org}/invitations/${await invite()}`),
    },
    {
      op: 'acceptOrgInvitation',
      expect: Object.fromEntries(ROLES.filter((r) => r !== 'anonymous').map((r) => [r, [404, 'invitation_not_found']])),
      call: async (b) => api(b, 'POST', `/${org}/invitations/${await invite()}/accept`),
    },
    { op: 'changeOrgMemberRole', expect: manage, call: (b) => api(b, 'PUT', `/${org}/members/${target}/role`, { role: 'member' }) },
    {
      op: 'removeOrgMember',
      expect: manage,
      call: (b, role) => api(b, 'DELETE', `/${org}/members/${role === 'owner' || role === 'admin' ? targets[role] : target}`),
    },
    {
      op: 'leaveOrganization',
      expect: { owner: [409, 'last_owner'], stranger: [404, 'organization_not_found'], otherAdmin: [404, 'organization_not_found'] },
      call: (b) => api(b, 'POST', `/${org}/leave`),
    },
    { op: 'getOrgPermissions', expect: read, call: (b) => api(b, 'GET', `/${org}/permissions`) },
    { op: 'updateOrgPermissions', expect: manage, call: (b) => api(b, 'PUT', `/${org}/permissions`, { space_creation: 'everyone' }) },
    { op: 'getOrgUserAccess', expect: read, call: (b) => api(b, 'GET', `/${org}/user-access`) },
    { op: 'getOrgInsights', expect: manage, call: (b) => api(b, 'GET', `/${org}/insights?days=7`) },
    // Single sign-on: owners and admins only, and the rules come after who may (an unproven
    // domain is refused only to those who may act on it).
    { op: 'getOrgSso', expect: manage, call: (b) => api(b, 'GET', `/${org}/sso`) },
    { op: 'claimOrgSsoDomain', expect: manage, call: (b) => api(b, 'PUT', `/${org}/sso/domain`, { domain: `matrix-${++n}.test` }) },
    {
      op: 'verifyOrgSsoDomain',
      expect: { ...manage, owner: [409, 'sso_dns_record_missing'], admin: [409, 'sso_dns_record_missing'] },
      call: async (b) => {
        await api(people.owner.b, 'PUT', `/${org}/sso/domain`, { domain: `matrix-${++n}.test` });
        return api(b, 'POST', `/${org}/sso/domain/verify`);
      },
    },
    {
      op: 'configureOrgSso',
      expect: { ...manage, owner: [409, 'sso_domain_unverified'], admin: [409, 'sso_domain_unverified'] },
      call: async (b) => {
        await api(people.owner.b, 'PUT', `/${org}/sso/domain`, { domain: `matrix-${++n}.test` });
        return api(b, 'PUT', `/${org}/sso/provider`, { issuer: 'https://idp.example.com', client_id: 'c', client_secret: 's' });
      },
    },
    { op: 'removeOrgSso', expect: manage, call: (b) => api(b, 'DELETE', `/${org}/sso`) },
    {
      op: 'updateOrgUserAccess',
      expect: manage,
      call: async (b) => {
        const { roles } = (await api(people.owner.b, 'GET', `/${org}/user-access`)).json;
        return api(b, 'PUT', `/${org}/user-access`, { roles, people: {} });
      },
    },
  ];

  for (const c of CASES)
    test(`${c.op}`, { timeout: 60_000 }, async () => {
      for (const role of ROLES) {
        const expected: number | [number, string] = role === 'anonymous' ? [401, 'unauthenticated'] : (c.expect[role] ?? 0);
        if (expected === 0) continue;
        const res = await c.call(who[role], role);
        if (typeof expected === 'number') expect(res.status, `${c.op} as ${role}: ${res.text}`).toBe(expected);
        else {
          expect(res.status, `${c.op} as ${role}: ${res.text}`).toBe(expected[0]);
          expect(res.json.code, `${c.op} as ${role}`).toBe(expected[1]);
        }
      }
    });

  test('createOrganization needs someone signed in', async () => {
    problem(await who.anonymous.post('/rest/organizations', { name: 'Nobody Ltd' }), 401, 'unauthenticated');
  });
});
