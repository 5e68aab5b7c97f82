// Deleting an account as its organisations see it, on the real server: the last owner of an
// organisation others are in is told to hand it over first (409 last_owner_must_hand_over, naming
// it, nothing recorded); a member's deletion takes them off the organisation's stream, members
// list and Better Auth's rows; an organisation its only member deletes their account from closes.
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { PASSWORD, signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('deletion_orgs');
  server = await startServerProcess({ databaseUrl: database.url, env: { SIGN_IN_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, probe: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stamp = Date.now();
type Person = { b: Browser; email: string; id: string };
async function person(name: string): Promise<Person> {
  const email = `${name.toLowerCase()}.${stamp}@example.com`;
  const b = await signedUp(server.url, name, email);
  return { b, email, id: (await b.get('/rest/session')).json.user.id };
}
const api = (b: Browser, method: string, path: string, json?: unknown) => b.send(method, `/rest/organizations${path}`, json === undefined ? {} : { json });
const deleteAccount = (p: Person) => p.b.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE' });
const erased = (p: Person) => until('the account erased', async () => (await rows('select id from "user" where id = $1', [p.id])).length === 0);

async function newOrg(owner: Person, name: string) {
  const res = await owner.b.post('/rest/organizations', { name });
  expect(res.status, res.text).toBe(201);
  return res.json.uuid as string;
}

async function join(org: string, by: Person, who: Person, role: 'owner' | 'admin' | 'member') {
  expect((await api(by.b, 'POST', `/${org}/invitations`, { email: who.email, role })).status).toBe(201);
  // The sign-up's own mail can be queued after the invitation (its queue is asynchronous): pick the invitation by its link.
  const [mail] = await rows<{ text: string }>(
    'select text from mail_outbox where lower("to") = lower($1) and text like \'%/join/org/%\' order by queued_at desc limit 1',
    [who.email],
  );
  const invitation = /\/join\/org\/\S+\/(\S+)/.exec(mail.text)![1];
  expect((await api(who.b, 'POST', `/${org}/invitations/${invitation}/accept`)).status).toBe(200);
  const list = await api(by.b, 'GET', `/${org}/members`);
  return (list.json.members as { member_id: string; email: string }[]).find((m) => m.email === who.email)!.member_id;
}

const memberEmails = async (org: string, viewer: Person) =>
  ((await api(viewer.b, 'GET', `/${org}/members`)).json.members as { email: string }[]).map((m) => m.email).sort();
const eventsOf = async (org: string) =>
  (await rows<{ type: string }>('select type from events where stream_id = $1 order by stream_version', [`org-${org}`])).map((r) => r.type);

test('the last owner hands over first; members leave through the stream; an organisation of one closes', { timeout: 180_000 }, async () => {
  const ada = await person('Adaowner');
  const bob = await person('Bobmember');
  const cy = await person('Cymember');
  const org = await newOrg(ada, `Ada Works ${stamp}`);
  const bobId = await join(org, ada, bob, 'member');
  await join(org, ada, cy, 'admin');

  // Ada owns it alone with others in it: refused, with the organisation named, and nothing recorded.
  const refused = await deleteAccount(ada);
  expect(refused.status, refused.text).toBe(409);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
  expect(refused.json.code).toBe('last_owner_must_hand_over');
  expect(refused.json.detail ?? refused.json.title).toContain(`Ada Works ${stamp}`);
  expect(await rows("select 1 from events where type = 'AccountDeletionRequested'")).toEqual([]);
  expect((await ada.b.get('/rest/session')).status).toBe(200);

  // Bob, a member, deletes his account: the organisation's stream says he left; its members are Ada and Cy.
  expect((await deleteAccount(bob)).status).toBe(202);
  await erased(bob);
  expect(await memberEmails(org, ada)).toEqual([ada.email, cy.email].sort());
  expect(await eventsOf(org)).toContain('OrgMemberLeft');
  expect(await rows('select data from events where type = $1 and stream_id = $2', ['OrgMemberLeft', `org-${org}`])).toEqual([
    { data: expect.objectContaining({ member_id: bobId, user_id: bob.id }) },
  ]);
  expect(await rows('select 1 from member where "userId" = $1', [bob.id])).toEqual([]);

  // Ada makes Cy an owner; now she may go, and Cy is left owning it.
  const cyId = (await api(ada.b, 'GET', `/${org}/members`)).json.members.find((m: { email: string }) => m.email === cy.email).member_id;
  expect((await api(ada.b, 'PUT', `/${org}/members/${cyId}/role`, { role: 'owner' })).status).toBe(200);
  expect((await deleteAccount(ada)).status).toBe(202);
  await erased(ada);
  expect(await memberEmails(org, cy)).toEqual([cy.email]);

  // Cy, alone now, deletes hers: the organisation closes, with an event, and no row of it is left.
  expect((await deleteAccount(cy)).status).toBe(202);
  await erased(cy);
  expect((await eventsOf(org)).at(-1)).toBe('OrgClosed');
  for (const table of ['orgs where uuid', 'org_members where org_uuid', 'organization where id', 'member where "organizationId"'])
    expect(await rows(`select 1 from ${table} = $1`, [org]), table).toEqual([]);
  // It was wholly Cy's when it closed: its name goes from the log with her.
  expect(await rows('select type from events where data::text ilike $1', [`%Ada Works ${stamp}%`])).toEqual([]);
  // Once each: the workflows' steps found nothing more to do when they ran.
  expect(await rows("select count(*)::int as n from events where type in ('OrgMemberLeft', 'OrgClosed') and stream_id = $1", [`org-${org}`])).toEqual([
    { n: 3 },
  ]);
});
