// A member whose plan comes only from their organisation, in the browser against the real server
// and the Stripe fake: once the organisation pays for Pro, the member's plan panel says Pro comes
// from the organisation (on /account/pro-perks) and offers no 'Manage subscription' (their own portal would answer 404
// no_billing_account), and nothing on the page asks for it; the organisation's owner gets
// 'Manage', which opens the organisation's billing.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { databaseOf } from '../support/mailbox';
import { signUpThroughApi, startE2E, verifyByMailedLink, type E2E } from './support';

let stripe: StripeFake;
let e2e: E2E;
beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  e2e = await startE2E({ env: { ...stripe.env(), STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789' } });
  stripe.webhooks.target = `${e2e.url}/rest/stripe/webhook`;
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

const stamp = Date.now();
const owner = { name: 'Olive Owner', email: `olive-plan-${stamp}@example.com`, password: 'a-good-long-password' };
const member = { name: 'Milo Member', email: `milo-plan-${stamp}@example.com`, password: 'another-long-password' };

async function invitationPath(to: string) {
  const client = new pg.Client({ connectionString: databaseOf(e2e.url)! });
  await client.connect();
  try {
    const { rows } = await client.query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
    const path = rows.map((r) => /https?:\/\/\S+(\/join\/org\/\S+)/.exec(r.text)?.[1]).find(Boolean);
    if (!path) throw new Error(`no invitation mailed to ${to}`);
    return path;
  } finally {
    await client.end();
  }
}

/** A JSON call from the page, with its cookies, as the app makes them. */
const call = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    },
    [method, path, body],
  );

it("the organisation's plan: its member is told where it comes from (no portal), its owner manages it on the organisation's billing", {
  timeout: 120_000,
}, async () => {
  const ownerPage = await e2e.page();
  await ownerPage.goto('/');
  await signUpThroughApi(ownerPage, owner);
  await verifyByMailedLink(ownerPage, owner.email);
  const created = await call(ownerPage, 'POST', '/rest/organizations', { name: `Plan Givers ${stamp}` });
  expect(created.status).toBe(201);
  const org = created.json!.uuid as string;
  expect((await call(ownerPage, 'POST', `/rest/organizations/${org}/invitations`, { email: member.email, role: 'member' })).status).toBe(201);

  const memberPage = await e2e.page();
  await memberPage.goto('/');
  await signUpThroughApi(memberPage, member);
  await verifyByMailedLink(memberPage, member.email);
  await memberPage.goto(await invitationPath(member.email));
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  await memberPage.getByText(`You joined Plan Givers ${stamp}`).waitFor();

  const checkout = await call(ownerPage, 'POST', `/rest/organizations/${org}/billing/checkout`, {
    tier: 'enterprise_pro',
    interval: 'monthly',
    collection_method: 'charge_automatically',
  });
  expect(checkout.status).toBe(200);
  await stripe.completeCheckout((checkout.json!.url as string).split('/pay/')[1]);

  // The member: every call the page makes answers, and none asks for a portal they do not have.
  const failed: string[] = [];
  const portalAsked: string[] = [];
  memberPage.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/rest/') && res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  memberPage.on('request', (req) => {
    if (req.url().includes('/rest/stripe/customer-portal')) portalAsked.push(req.url());
  });
  // Stripe's webhook applied: the member's session now carries the organisation's plan.
  await expect
    .poll(async () => ((await call(memberPage, 'GET', '/rest/session')).json?.user as { plan_organization?: unknown } | undefined)?.plan_organization, {
      timeout: 20_000,
      interval: 250,
    })
    .toEqual({ org_uuid: org, role: 'member' });
  await memberPage.goto('/account/pro-perks');
  await memberPage.getByTestId('plan-from-organization').waitFor();
  const panel = memberPage.getByTestId('plan-panel');
  await panel.getByText('Your Pro plan comes from your organization.').waitFor();
  expect(await panel.getByTestId('plan-panel-plan').textContent()).toBe('Your plan: Pro');
  expect(await panel.getByRole('button', { name: 'Manage subscription' }).count()).toBe(0);
  expect(await panel.getByRole('link', { name: 'Manage' }).count()).toBe(0);
  expect(await panel.getByRole('button', { name: 'Learn more' }).count()).toBe(0);
  // The payment page offers no second Pro: it shows the same panel.
  await memberPage.goto('/max/payment?tier=pro&plan=monthly');
  await memberPage.getByTestId('plan-panel').getByText('Your Pro plan comes from your organization.').waitFor();
  expect(await memberPage.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
  expect(portalAsked).toEqual([]);
  expect(failed).toEqual([]);

  // The owner: 'Manage' opens the organisation's billing, where its plan is.
  await ownerPage.goto('/account/pro-perks');
  await ownerPage.getByTestId('plan-panel').getByText('Your Pro plan comes from your organization.').waitFor();
  await ownerPage.getByTestId('plan-panel').getByRole('link', { name: 'Manage' }).click();
  await ownerPage.waitForURL((u) => u.pathname === '/account/org/billing');
  await ownerPage.getByTestId('org-subscription').getByText('Plan: Pro (Monthly)').waitFor();
  await memberPage.context().close();
  await ownerPage.context().close();
});
