// Buying Pro in the browser against the Stripe fake: the pricing of /max/payment (monthly and
// yearly, the yearly saving, the trial as free months), a refused, an applied and a removed
// discount code with its discount text, the checkout form on the page (Stripe.js Checkout elements
// through the Stripe.js test double: express wallets without Link, the payment element with card
// and link, 'Billing Information'), a declined card said in red, the payment confirmed against the
// fake, the refreshed subscription and the Pro badge; an express wallet pays too; a failed Stripe.js
// load shows a plain error; signed out, /max/payment goes home.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { defaultCatalogue } from '../../services/shared/plan-catalogue';
import { signUpThroughApi, startE2E, type E2E } from './support';

let stripe: StripeFake;
let e2e: E2E;
let page: Page;
beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  const coupon = stripe.seedCoupon({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
  stripe.seedPromotionCode({ code: 'HALFOFF', coupon: coupon.id });
  // Pro with a 30-day trial for first-time subscribers (the operator's plans file).
  const plansFile = join(mkdtempSync(join(tmpdir(), 'plans-')), 'plans.json');
  const pro = defaultCatalogue().pro;
  writeFileSync(plansFile, JSON.stringify({ pro: { name: pro.name, limits: pro.limits, capabilities: pro.capabilities, prices: pro.prices, trial_days: 30 } }));
  e2e = await startE2E({ env: { ...stripe.env(), STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789', BILLING_PLANS_FILE: plansFile } });
  stripe.webhooks.target = `${e2e.url}/rest/stripe/webhook`;
  page = await e2e.page();
  await routeStripeJs(page, stripe.url);
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

/** The form on the page: express wallets shown without Link (one column), the payment element with card and link and no billing fields, the billing address. */
async function expectTheForm(p: Page) {
  const form = p.getByTestId('checkout-form');
  await form.waitFor();
  const express = form.locator('[data-stripe-double-element="expressCheckout"]');
  await express.getByRole('button', { name: 'Pay with Apple Pay' }).waitFor();
  await express.getByRole('button', { name: 'Pay with Google Pay' }).waitFor();
  expect(await express.getByRole('button', { name: 'Pay with Link' }).count()).toBe(0);
  expect(JSON.parse((await express.getAttribute('data-layout')) ?? 'null')).toMatchObject({ maxColumns: 1 });
  const payment = form.locator('[data-stripe-double-element="payment"]');
  expect(await payment.getAttribute('data-payment-methods')).toBe('card,link');
  expect(await payment.getAttribute('data-billing-fields')).toBe('hidden');
  expect(await payment.getByRole('tab').allTextContents()).toEqual(['Card', 'Link']);
  await form.locator('[data-stripe-double-element="address"]').getByLabel('Full name').waitFor();
}

describe('buying Pro', () => {
  it('goes home when signed out', async () => {
    await page.goto('/max/payment');
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows monthly and yearly prices with the yearly saving, refuses an unknown code, applies a good one, and pays with a card in the form on the page', async () => {
    await signUpThroughApi(page, { name: 'Petra Pay', email: `petra-${Date.now()}@example.com`, password: 'a-good-long-password' });
    await page.goto('/max/payment?plan=monthly');
    const period = page.getByRole('group', { name: 'Billing period' });
    await period.getByRole('radio', { name: /Monthly/ }).waitFor();
    expect(await page.getByTestId('price-monthly').textContent()).toContain('$20.00');
    expect(await page.getByTestId('price-yearly').textContent()).toContain('$200.00');
    // 12 x $20 - $200, shown while monthly is chosen.
    await period.getByText('Save $40.00').waitFor();
    await page.getByRole('heading', { name: 'Billing Information' }).waitFor();
    await expectTheForm(page);

    const code = page.getByPlaceholder('Enter discount code');
    await code.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid promo code' }).waitFor();
    expect(new URL(page.url()).searchParams.get('promotion_code')).toBeNull();

    // The trial as free months (30 days / 30.44, rounded).
    await page.getByTestId('trial-text').filter({ hasText: '1 month free' }).waitFor();
    await code.fill('HALFOFF');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code HALFOFF applied').waitFor();
    // The coupon in the seed's words: 50% off, repeating for 3 months.
    await page.getByTestId('discount-text').filter({ hasText: '50% off for 3 months' }).waitFor();
    expect(new URL(page.url()).searchParams.get('promotion_code')).toBe('HALFOFF');

    // Removed: the code leaves the URL and the discount text goes; applied again for the payment.
    await page.getByRole('button', { name: 'Remove code HALFOFF' }).click();
    await page.getByTestId('discount-text').waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('promotion_code')).toBeNull();
    await code.fill('HALFOFF');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code HALFOFF applied').waitFor();
    // A removal that fails (Stripe refuses the new session) says so, and still clears the code.
    stripe.refuseNext('POST', '/v1/checkout/sessions');
    await page.getByRole('button', { name: 'Remove code HALFOFF' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error removing promo code' }).waitFor();
    expect(new URL(page.url()).searchParams.get('promotion_code')).toBeNull();
    await code.fill('HALFOFF');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code HALFOFF applied').waitFor();
    await expectTheForm(page);
    // The order summary from the session as Stripe.js shows it: the price, the discount in the
    // seed's words, nothing due today in the trial, then the discounted price.
    await page.getByTestId('due-today').filter({ hasText: '$0.00' }).waitFor();
    const lines = await page.getByLabel('Order summary').locator('div').allInnerTexts();
    expect(lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual(['Pro $20.00 / month', 'HALFOFF $10.00 off for 3 months', 'Due today $0.00']);
    await page.getByLabel('Order summary').getByText('Then $10.00 / month').waitFor();

    const form = page.getByTestId('checkout-form');
    await form.getByLabel('Full name').fill('Petra Pay');
    await form.getByLabel('Address line 1').fill('1 Market Street');
    await form.getByLabel('City').fill('San Francisco');
    await form.getByLabel('Postal code').fill('94105');
    // A declined card: said in red, nothing bought.
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    const tracked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/rest/attribution/comet/event/pro_checkout_error');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    // The error code is recorded ('pro checkout error' with the code).
    expect((await tracked).postDataJSON()).toEqual({ properties: { code: 'paymentFailed' } });
    expect([...stripe.state.sessions.values()].filter((s) => s.status === 'complete')).toHaveLength(0);

    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((u) => u.pathname === '/max/payment' && u.searchParams.get('success') === '1');
    await page.getByTestId('checkout-result').filter({ hasText: 'You are on Pro.' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('plan-badge').filter({ hasText: 'Pro' }).first().waitFor();
    const sessions = [...stripe.state.sessions.values()].filter((s) => s.status === 'complete');
    expect(sessions).toHaveLength(1);
    expect(stripe.state.promotionCodes.get(sessions[0].promotion_code ?? '')?.code).toBe('HALFOFF');
    expect(sessions[0].trial_period_days).toBe(30);
    expect(sessions[0]).toMatchObject({
      ui_mode: 'elements',
      confirmed_with: 'card',
      billing_address: { name: 'Petra Pay', line1: '1 Market Street', postal_code: '94105' },
    });
  });

  it('pays with an express wallet', async () => {
    const other = await e2e.page();
    await routeStripeJs(other, stripe.url);
    await other.goto('/');
    await signUpThroughApi(other, { name: 'Walt Wallet', email: `walt-${Date.now()}@example.com`, password: 'a-good-long-password' });
    await other.goto('/max/payment?plan=yearly');
    await expectTheForm(other);
    await other.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await other.waitForURL((u) => u.pathname === '/max/payment' && u.searchParams.get('success') === '1');
    await other.getByTestId('checkout-result').filter({ hasText: 'You are on Pro.' }).waitFor({ timeout: 20_000 });
    const paid = [...stripe.state.sessions.values()].filter((s) => s.status === 'complete' && s.confirmed_with === 'google_pay');
    expect(paid).toHaveLength(1);
    expect(paid[0].line_items).toEqual([{ price: 'price_pro_yearly', quantity: 1 }]);
    await other.context().close();
  });

  it('a Stripe.js that cannot load shows a plain error, not a blank form', async () => {
    const other = await e2e.page();
    await routeStripeJs(other, stripe.url, { fail: true });
    await other.goto('/');
    await signUpThroughApi(other, { name: 'Otto Offline', email: `otto-${Date.now()}@example.com`, password: 'a-good-long-password' });
    await other.goto('/max/payment');
    await other.getByRole('alert').filter({ hasText: 'The payment form could not be loaded.' }).waitFor({ timeout: 20_000 });
    await other.context().close();
  });
});
