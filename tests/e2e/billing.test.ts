// Buying Pro in the browser against the Stripe fake: the pricing of /max/payment (monthly and
// yearly, the yearly saving, the trial as free months), a refused and an applied discount code
// with its discount text, the embedded checkout (the
// Stripe.js test double), the return with the refreshed subscription and the Pro badge; a failed
// Stripe.js load shows a plain error; signed out, /max/payment goes home.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { defaultCatalogue } from '../../services/shared/plan-catalogue';
import { signUp, startE2E, type E2E } from './support';

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

describe('buying Pro', () => {
  it('goes home when signed out', async () => {
    await page.goto('/max/payment');
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('shows monthly and yearly prices with the yearly saving, refuses an unknown code, applies a good one, and pays in the embedded form', async () => {
    await signUp(page, { name: 'Petra Pay', email: `petra-${Date.now()}@example.com`, password: 'a-good-long-password' });
    await page.goto('/max/payment?plan=monthly');
    const period = page.getByRole('group', { name: 'Billing period' });
    await period.getByRole('radio', { name: /Monthly/ }).waitFor();
    expect(await page.getByTestId('price-monthly').textContent()).toContain('$20.00');
    expect(await page.getByTestId('price-yearly').textContent()).toContain('$200.00');
    // 12 x $20 - $200, shown while monthly is chosen.
    await period.getByText('Save $40.00').waitFor();
    await page.getByRole('heading', { name: 'Billing Information' }).waitFor();
    await page.locator('[data-stripe-double]').waitFor();

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

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    // The fake's pay page stands for Stripe's own step; paying returns to /max/payment?success=1.
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((u) => u.pathname === '/max/payment' && u.searchParams.get('success') === '1');
    await page.getByTestId('checkout-result').filter({ hasText: 'You are on Pro.' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('plan-badge').filter({ hasText: 'Pro' }).first().waitFor();
    const sessions = [...stripe.state.sessions.values()].filter((s) => s.status === 'complete');
    expect(sessions).toHaveLength(1);
    expect(stripe.state.promotionCodes.get(sessions[0].promotion_code ?? '')?.code).toBe('HALFOFF');
    expect(sessions[0].trial_period_days).toBe(30);
  });

  it('a Stripe.js that cannot load shows a plain error, not a blank form', async () => {
    const other = await e2e.page();
    await routeStripeJs(other, stripe.url, { fail: true });
    await other.goto('/');
    await signUp(other, { name: 'Otto Offline', email: `otto-${Date.now()}@example.com`, password: 'a-good-long-password' });
    await other.goto('/max/payment');
    await other.getByRole('alert').filter({ hasText: 'The payment form could not be loaded.' }).waitFor({ timeout: 20_000 });
    await other.context().close();
  });
});
