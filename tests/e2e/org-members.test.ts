// An organisation's members in the browser: an owner starts an organisation and invites someone
// by email; the invitee, verified by their mailed link, opens the mailed invitation and accepts;
// the owner makes them an admin, then removes them, and the organisation is no longer theirs.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOf } from '../support/mailbox';
import { signUpThroughApi, startE2E, verifyByMailedLink, type E2E } from './support';

let e2e: E2E;
let owner: Page;
let invitee: Page;
beforeAll(async () => {
  e2e = await startE2E();
  owner = await e2e.page();
  invitee = await e2e.page();
});
afterAll(async () => e2e?.close());

const stamp = Date.now();
const ada = { name: 'Ada Owner', email: `ada-org-${stamp}@example.com`, password: 'a-good-long-password' };
const bob = { name: 'Bob Member', email: `bob-org-${stamp}@example.com`, password: 'another-long-password' };

/** The invitation link mailed to `to`, from the server's outbox (no SMTP here), as its path. */
async function mailedInvitationPath(to: string) {
  const client = new pg.Client({ connectionString: databaseOf(e2e.url)! });
  await client.connect();
  try {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
      const link = rows.map((r) => /https?:\/\/\S+(\/join\/org\/\S+)/.exec(r.text)?.[1]).find(Boolean);
      if (link) return link;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no invitation mailed to ${to}`);
  } finally {
    await client.end();
  }
}

describe('an organisation’s members', () => {
  it('the owner starts an organisation and invites someone by email', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, ada);
    await verifyByMailedLink(owner, ada.email);
    await owner.goto('/account/org/details');
    await owner.getByLabel('Organization name').fill(`Analytical Engines ${stamp}`);
    await owner.getByRole('button', { name: 'Create organization' }).click();
    await owner.getByRole('textbox', { name: 'Name' }).waitFor();
    expect(await owner.getByRole('navigation', { name: 'Organization sections' }).getByRole('link').allTextContents()).toEqual([
      'Details',
      'Members',
      'User access',
      'Permissions',
      'Insights',
      'Connectors',
      'Files',
    ]);

    await owner.getByRole('link', { name: 'Members' }).click();
    const invite = owner.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Email').fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByRole('alert').filter({ hasText: 'Give a valid email address, like name@example.com.' }).waitFor();
    await invite.getByLabel('Email').fill(bob.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByRole('list', { name: 'Pending invitations' }).getByText(bob.email).waitFor();
  });

  it('the invitee verifies their address by its mailed link, opens the mailed invitation and accepts', async () => {
    await invitee.goto('/');
    await signUpThroughApi(invitee, bob);
    await verifyByMailedLink(invitee, bob.email);
    await invitee.goto(await mailedInvitationPath(bob.email));
    await invitee.getByRole('heading', { name: `Join Analytical Engines ${stamp}` }).waitFor();
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.getByText(`You joined Analytical Engines ${stamp}`).waitFor();
    await invitee.getByRole('link', { name: 'Go to the organization' }).click();
    await invitee.getByText('Only owners and admins change these.').waitFor();
  });

  it('the owner makes them an admin, then removes them', async () => {
    await owner.reload();
    const members = owner.getByRole('list', { name: 'Members' });
    await members.getByText(bob.email).waitFor();
    await owner.getByLabel(`Role of ${bob.name}`).selectOption('admin');
    // The list comes back from the server with the new role.
    await expect.poll(() => owner.getByLabel(`Role of ${bob.name}`).inputValue(), { timeout: 10_000 }).toBe('admin');
    await owner.reload();
    await expect.poll(() => owner.getByLabel(`Role of ${bob.name}`).inputValue(), { timeout: 10_000 }).toBe('admin');

    await members.getByRole('listitem', { name: bob.name }).getByRole('button', { name: 'Remove' }).click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await members.getByText(bob.email).waitFor({ state: 'detached' });

    await invitee.goto('/account/org/details');
    await invitee.getByText('You are not part of an organization.', { exact: false }).waitFor();
  });
});
