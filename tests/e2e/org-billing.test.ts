// Organisation checkout in the browser against the real server and the Stripe fake: an owner
// opens Billing from the organisation's details, buys Enterprise Pro by card on Stripe's page
// and returns to its plan (every member has Pro, the owner's badge says so), then opens the
// organisation's billing portal; another owner subscribes to Enterprise Max by invoice with a
// billing address.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { signUpThroughApi, startE2E, type E2E } from './support';

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

async function ownerOfNewOrg(name: string) {
  const page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${Date.now()}@example.com`, password: 'a-good-long-password' });
  const status = await page.evaluate(async (orgName) => {
    const res = await fetch('/rest/organizations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: orgName }),
    });
    return res.status;
  }, `${name} Inc ${Date.now()}`);
  expect(status).toBe(201);
  return page;
}

const openBilling = async (page: Page) => {
  await page.goto('/account/org/details');
  await page.getByRole('link', { name: 'Billing' }).click();
  await page.waitForURL((u) => u.pathname === '/account/org/billing');
};

describe('organisation checkout', () => {
  it("by card: Enterprise Pro on Stripe's page, then the plan for every member and the organisation's portal", async () => {
    const page = await ownerOfNewOrg('Olga Owner');
    await openBilling(page);
    const form = page.getByRole('form', { name: 'Organisation checkout' });
    await form.getByRole('radio', { name: 'Enterprise Pro' }).check();
    await form.getByRole('radio', { name: 'Monthly' }).check();
    await form.getByTestId('org-checkout-price').filter({ hasText: '$20.00 per seat / month × 1 seats' }).waitFor();
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/pay/'));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === '/account/org/billing' && u.searchParams.get('success') === '1');
    const sub = page.getByTestId('org-subscription');
    await sub.getByText('Plan: Pro (Monthly)').waitFor({ timeout: 20_000 });
    await sub.getByText('Every member of the organisation has Pro.').waitFor();
    expect(await page.getByTestId('org-seats').textContent()).toBe('Seats: 1 · Members: 1');
    await page.reload();
    await page.getByTestId('plan-badge').filter({ hasText: 'Pro' }).first().waitFor();

    await page.getByRole('button', { name: 'Billing portal' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/portal/'));
    await page.context().close();
  });

  it('by invoice: Enterprise Max with a billing address, nothing charged', async () => {
    const page = await ownerOfNewOrg('Ivan Invoice');
    await openBilling(page);
    const form = page.getByRole('form', { name: 'Organisation checkout' });
    await form.getByRole('radio', { name: 'Enterprise Max' }).check();
    await form.getByRole('radio', { name: 'Invoice' }).check();
    await form.getByLabel('Address').fill('1 Main Street');
    await form.getByLabel('City').fill('Springfield');
    await form.getByLabel('Postal code').fill('12345');
    await form.getByLabel('Country (two letters)').fill('us');
    await form.getByRole('button', { name: 'Subscribe by invoice' }).click();
    const sub = page.getByTestId('org-subscription');
    await sub.getByText('Plan: Max (Monthly)').waitFor({ timeout: 20_000 });
    await sub.getByText('Paid by invoice').waitFor();
    const made = [...stripe.state.subscriptions.values()].find((s) => s.collection_method === 'send_invoice');
    expect(stripe.state.customers.get(made?.customer ?? '')?.address).toMatchObject({ line1: '1 Main Street', country: 'US' });
    await page.context().close();
  });
});
