// Plan changes in the browser against the real server and the Stripe fake: the subscription
// button's states (signed out: 'Learn more' asks to sign in with 'Sign in to unlock Pro'; free:
// 'Learn more' leads to the upgrade flow; subscribers: a manage button to the billing portal);
// Pro to Max through 'Confirm changes' (416 px, Stripe's quote, confirmed: Max at once), and each
// of its errors (no card, a declined card, Stripe refusing) with the payment-fix button; Max to
// Pro scheduled for the next billing start and dropped again with 'Keep Max'.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
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

async function person(name: string) {
  const page = await e2e.page();
  await routeStripeJs(page, stripe.url);
  await page.goto('/');
  // Signing up is not what these tests are about (auth.test.ts is): through the call, then the app reads the session.
  await signUpThroughApi(page, { name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${Date.now()}@example.com` });
  await page.reload();
  return page;
}

/** The person pays for a plan by card (the checkout completed at Stripe); their Stripe subscription id. */
async function subscribe(page: Page, plan: 'pro' | 'max', tier: 'monthly' | 'yearly' = 'monthly') {
  const secret = await page.evaluate(
    async (body) => {
      const res = await fetch('/rest/stripe/checkout-session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    },
    { subscriptionTier: plan, tier, embedded: true },
  );
  const sub = await stripe.completeCheckout(secret.split('_secret_')[0]);
  await expect
    .poll(async () => page.evaluate(async () => (await (await fetch('/rest/billing/subscription')).json()).plan), { timeout: 20_000, interval: 200 })
    .toBe(plan);
  return sub.id;
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

describe('the subscription button', () => {
  it('signed out: Learn more opens the login modal with the pitch; free: Learn more goes to the upgrade flow; a subscriber manages in the portal', async () => {
    const visitor = await e2e.page();
    await visitor.goto('/account/pro-perks');
    await visitor.getByTestId('subscription-button').filter({ hasText: 'Learn more' }).click();
    await dialog(visitor, 'Sign in to unlock Pro').waitFor();
    await visitor.context().close();

    const page = await person('Lena Learn');
    await page.goto('/account/pro-perks');
    await page.getByTestId('subscription-button').filter({ hasText: 'Learn more' }).click();
    await page.waitForURL((u) => u.pathname === '/max/payment');

    await subscribe(page, 'pro');
    await page.goto('/account/pro-perks');
    await page.getByTestId('plan-panel-plan').filter({ hasText: 'Your plan: Pro (Monthly)' }).waitFor();
    await page.getByTestId('subscription-button').filter({ hasText: 'Manage subscription' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/portal/'));
    await page.getByRole('heading', { name: 'Billing portal' }).waitFor();
    await page.context().close();
  });
});

describe('Pro to Max: Confirm changes', () => {
  it("shows Stripe's quote in a 416 px modal and, confirmed, makes the person Max at once", async () => {
    const page = await person('Una Upgrade');
    const subId = await subscribe(page, 'pro');
    await page.goto('/account/pro-perks');
    await page.getByRole('button', { name: 'Upgrade to Max' }).click();
    const modal = dialog(page, 'Confirm changes');
    await modal.getByTestId('upgrade-total').waitFor();
    expect((await modal.boundingBox())?.width).toBe(416);
    expect(await modal.getByTestId('upgrade-old-plan').textContent()).toContain('$20.00 / month');
    await modal.getByRole('separator', { name: 'Upgrade' }).waitFor();
    expect(await modal.getByTestId('upgrade-new-plan').textContent()).toContain('$200.00 / month');
    const lines = await modal.getByTestId('upgrade-lines').textContent();
    for (const label of ['Payment method', 'Visa •••• 4242', 'Adjustment', 'Subtotal', 'Tax', 'Total due today']) expect(lines).toContain(label);
    const total = (await modal.getByTestId('upgrade-total').textContent()) ?? '';
    await modal.getByText(`You will be charged ${total} now and get immediate access to Max.`).waitFor();
    expect(await modal.getByRole('button', { name: 'Update payment method' }).count()).toBe(0);

    await modal.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Subscription updated').waitFor();
    await page.getByTestId('plan-panel-plan').filter({ hasText: 'Your plan: Max' }).waitFor();
    await page.getByTestId('plan-badge').filter({ hasText: 'Max' }).first().waitFor();
    expect(stripe.state.subscriptions.get(subId)?.items.data[0].price.id).toBe('price_max_monthly');
    expect(stripe.state.charges.filter((c) => c.subscription === subId)).toHaveLength(2);
    await page.context().close();
  });

  it('no card: the missing-method text, Confirm disabled, the payment-fix button opens the portal', async () => {
    const page = await person('Nico Nocard');
    const subId = await subscribe(page, 'pro');
    stripe.lifecycle.setCard(subId, null);
    await page.goto('/account/pro-perks');
    await page.getByRole('button', { name: 'Upgrade to Max' }).click();
    const modal = dialog(page, 'Confirm changes');
    await modal.getByRole('alert').filter({ hasText: 'Please add a payment method to upgrade to Max.' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Update payment method' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/portal/'));
    await page.context().close();
  });

  it('a declined card: Payment failed, nothing changed; Stripe refusing otherwise: the generic text', async () => {
    const page = await person('Dana Declined');
    const subId = await subscribe(page, 'pro');
    stripe.lifecycle.setCard(subId, '0341');
    await page.goto('/account/pro-perks');
    await page.getByRole('button', { name: 'Upgrade to Max' }).click();
    const modal = dialog(page, 'Confirm changes');
    await modal.getByTestId('upgrade-total').waitFor();
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Payment failed. Please update payment to continue.' }).waitFor();
    await modal.getByRole('button', { name: 'Update payment method' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(stripe.state.subscriptions.get(subId)?.items.data[0].price.id).toBe('price_pro_monthly');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    stripe.lifecycle.setCard(subId, '4242');
    stripe.refuseNext('POST', `/v1/subscriptions/${subId}`);
    await page.getByRole('button', { name: 'Upgrade to Max' }).click();
    await modal.getByTestId('upgrade-total').waitFor();
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Something went wrong. Please continue to Stripe and complete your payment.' }).waitFor();
    await modal.getByRole('button', { name: 'Update payment method' }).waitFor();
    expect(stripe.state.subscriptions.get(subId)?.items.data[0].price.id).toBe('price_pro_monthly');
    await page.context().close();
  });
});

describe('Max to Pro at the next billing start', () => {
  it('is scheduled with its date, shown as pending, and dropped with Keep Max', async () => {
    const page = await person('Mira Max');
    const subId = await subscribe(page, 'max', 'yearly');
    await page.goto('/max/payment');
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    await page.getByRole('button', { name: 'Switch to Pro' }).click();
    const modal = dialog(page, 'Switch to Pro');
    await modal.getByTestId('downgrade-effective').waitFor();
    expect(await modal.getByTestId('downgrade-old-plan').textContent()).toContain('$2,000.00 / year');
    expect(await modal.getByTestId('downgrade-new-plan').textContent()).toContain('$200.00 / year');
    const end = new Date(stripe.state.subscriptions.get(subId)!.items.data[0].current_period_end * 1000);
    const date = await page.evaluate((t) => new Date(t).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }), end.getTime());
    expect(await modal.getByTestId('downgrade-effective').textContent()).toContain(`Your plan changes to Pro on ${date}`);
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Subscription updated').first().waitFor();
    await page
      .getByTestId('pending-change')
      .filter({ hasText: `Your plan changes to Pro on ${date}.` })
      .waitFor();
    await page.getByTestId('plan-panel-plan').filter({ hasText: 'Your plan: Max' }).waitFor();
    expect(stripe.state.subscriptions.get(subId)?.schedule).toMatch(/^sub_sched_/);

    await page.getByRole('button', { name: 'Keep Max' }).click();
    await page.getByRole('button', { name: 'Switch to Pro' }).waitFor();
    expect(await page.getByTestId('pending-change').count()).toBe(0);
    expect(stripe.state.subscriptions.get(subId)?.schedule).toBeNull();
    await page.context().close();
  });
});
