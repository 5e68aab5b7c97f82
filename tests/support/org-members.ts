// An organisation with members, made the way people make one: the owner creates it and invites
// each address, and each member accepts the invitation mailed to them (read from the outbox).
import { expect } from 'vitest';
import { queryRows } from './database.js';
import type { Browser } from './http.js';

export type Member = { b: Browser; email: string };

/** The new organisation's uuid, once every member has joined. */
export async function organisationWith(owner: Browser, databaseUrl: string, name: string, members: Member[]) {
  const created = await owner.post('/rest/organizations', { name: `${name} ${Date.now()}` });
  expect(created.status, created.text).toBe(201);
  const org = created.json.uuid as string;
  for (const { b, email } of members) {
    expect((await owner.post(`/rest/organizations/${org}/invitations`, { email, role: 'member' })).status).toBe(201);
    const invitation = await mailedInvitation(databaseUrl, email, org);
    expect((await b.post(`/rest/organizations/${org}/invitations/${invitation}/accept`)).status).toBe(200);
  }
  return org;
}

async function mailedInvitation(databaseUrl: string, to: string, org: string) {
  for (let tries = 0; tries < 100; tries++) {
    const rows = await queryRows<{ text: string }>(databaseUrl, 'select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
    const link = rows.map((r) => new RegExp(`/join/org/${org}/(\\S+)`).exec(r.text)?.[1]).find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mailed to ${to}`);
}
