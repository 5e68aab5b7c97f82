// A partner's landing page in the browser against the real server and the Stripe fake: the code
// from the address fills the field and leaves the address; a used-up code is refused in the seed's
// words; a good one shows 'Promo Code Applied', then asks a visitor to sign in (LOGIN), and after
// signing up goes on to the join route and checkout with the code; a subscriber lands in
// ALREADY_PRO. The get-the-app screen on an iPhone and on a computer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { signUpThroughApi, startE2E, type E2E } from './support';

let stripe: StripeFake;
let e2e: E2E;
let dir: string;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  const coupon = stripe.seedCoupon({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
  stripe.seedPromotionCode({ code: 'WELCOME', coupon: coupon.id });
  stripe.seedPromotionCode({ code: 'USEDUP', coupon: coupon.id, max_redemptions: 1, times_redeemed: 1 });
  dir = mkdtempSync(join(tmpdir(), 'e2e-partners-'));
  writeFileSync(
    join(dir, 'partners.json'),
    JSON.stringify([
      {
        code: 'acme',
        name: 'Acme Mobile',
        messages: { title: 'Pro, on Acme', description: 'Acme customers get three months at half price.', enterCodeToContinue: 'Enter your Acme code' },
        logoUrl: '/favicon.svg',
        includeLandingLogo: true,
        defaultPrice: 20,
        currencySymbol: '$',
        billingPeriod: 'month',
        maskPromoCodeFromQueryParams: true,
      },
    ]),
  );
  e2e = await startE2E({
    env: {
      ...stripe.env(),
      PARTNERS_FILE: join(dir, 'partners.json'),
      APP_STORE_URL: 'https://apps.apple.com/app/id1',
      APP_STORE_RATING: '4.9',
      APP_STORE_REVIEWS: '80000',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=x',
    },
  });
  stripe.webhooks.target = `${e2e.url}/rest/stripe/webhook`;
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
  rmSync(dir, { recursive: true, force: true });
});

const stage = (page: Page, name: string) => page.locator(`[data-partner-stage="${name}"]`).waitFor();

describe('the partner landing page', () => {
  it('COUPON: the code from the address, masked; a used-up code refused; a good one applied, then LOGIN, then checkout with the code', async () => {
    const page = await e2e.page();
    await page.goto('/join/p/acme?discount_code=USEDUP');
    await page.getByRole('heading', { name: 'Pro, on Acme' }).waitFor();
    await page.getByRole('img', { name: 'Acme Mobile' }).waitFor();
    const field = page.getByLabel('Enter your Acme code');
    expect(await field.inputValue()).toBe('USEDUP');
    await page.waitForURL((u) => u.pathname === '/join/p/acme' && !u.searchParams.has('discount_code'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'This code has already been redeemed' }).waitFor();

    await field.fill('');
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await field.fill('WELCOME');
    await field.press('Enter');
    await page.getByText('Promo Code Applied').waitFor();
    await stage(page, 'LOGIN');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Pia Partner');
    await dialog.getByLabel('Email').fill(`pia-${Date.now()}@example.com`);
    await dialog.getByLabel('Password').fill('a-good-long-password');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/join/p/acme/WELCOME');
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/max/payment' && u.searchParams.get('promotion_code') === 'WELCOME' && u.searchParams.get('plan') === 'monthly',
    );
    expect(await page.evaluate(() => [localStorage.getItem('partner-banner'), localStorage.getItem('partner-discount-code')])).toEqual(['acme', 'WELCOME']);
  });

  it('ALREADY_PRO: a subscriber may not redeem the partner’s code', async () => {
    const page = await e2e.page();
    await page.goto('/');
    await signUpThroughApi(page, { name: 'Sam Subscriber', email: `sam-${Date.now()}@example.com`, password: 'a-good-long-password' });
    const secret = await page.evaluate(async () => {
      const res = await fetch('/rest/stripe/checkout-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscriptionTier: 'pro', tier: 'monthly', embedded: true }),
      });
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    });
    await stripe.completeCheckout(secret.split('_secret_')[0]);
    await expect
      .poll(
        async () =>
          page.evaluate(async () => ((await (await fetch('/rest/session')).json()) as { user: { subscription_plan: string } }).user.subscription_plan),
        {
          timeout: 20_000,
        },
      )
      .toBe('pro');
    await page.goto('/join/p/acme');
    await stage(page, 'ALREADY_PRO');
    await page.getByText('This promotion is only for first-time subscribers.', { exact: false }).waitFor();
  });
});

describe('get the app', () => {
  it('on an iPhone: its title and rating, the store button and Continue in browser', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });
    await page.goto('/get-the-app?partner=acme');
    await page.getByRole('heading', { name: 'Install the iPhone App now' }).waitFor();
    await page.getByText('4.9 out of 5 · 80K reviews').waitFor();
    expect(await page.getByRole('link', { name: 'Download for iPhone' }).getAttribute('href')).toBe('https://apps.apple.com/app/id1');
    await page.getByRole('link', { name: 'Continue in browser' }).click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('on a computer: a QR code to scan with the phone', async () => {
    const page = await e2e.page();
    await page.goto('/get-the-app');
    await page.getByRole('heading', { name: 'Get the app now' }).waitFor();
    await page.getByText('Scan with your phone for a quick download').waitFor();
    await page.getByLabel('QR code of this page').waitFor();
    expect(await page.getByRole('link', { name: 'Continue in browser' }).count()).toBe(0);
  });
});
