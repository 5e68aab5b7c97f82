// The partner code check against the Stripe fake (billing on): each of the seed's answers from a
// real promotion code and coupon, a first-time code refused to someone who subscribed before, and
// a good code then redeemed at checkout with the same code.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let stripe: StripeFake;
let dir: string;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  const half = stripe.seedCoupon({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
  const enterprise = stripe.seedCoupon({ percent_off: 20, duration: 'forever', applies_to: { products: ['prod_enterprise'] } });
  const japan = stripe.seedCoupon({ percent_off: 20, duration: 'forever', metadata: { countries: 'JP' } });
  const gone = stripe.seedCoupon({ percent_off: 20, duration: 'forever', redeem_by: now() - 60 });
  stripe.seedPromotionCode({ code: 'WELCOME', coupon: half.id });
  stripe.seedPromotionCode({ code: 'FIRSTTIME', coupon: half.id, first_time_transaction: true });
  stripe.seedPromotionCode({ code: 'USEDUP', coupon: half.id, max_redemptions: 2, times_redeemed: 2 });
  stripe.seedPromotionCode({ code: 'LASTYEAR', coupon: half.id, expires_at: now() - 3600 });
  stripe.seedPromotionCode({ code: 'STALE', coupon: gone.id });
  stripe.seedPromotionCode({ code: 'ENTERPRISE', coupon: enterprise.id });
  stripe.seedPromotionCode({ code: 'JAPANONLY', coupon: japan.id });
  dir = mkdtempSync(join(tmpdir(), 'partner-codes-'));
  writeFileSync(
    join(dir, 'partners.json'),
    JSON.stringify([
      {
        code: 'acme',
        name: 'Acme',
        messages: { title: 'Pro on Acme', description: 'Acme customers get Pro.', enterCodeToContinue: 'Enter your code' },
        defaultPrice: 20,
        currencySymbol: '$',
        billingPeriod: 'month',
      },
    ]),
  );
  database = await createTestDatabase('partner_codes');
  server = await startServerProcess({ databaseUrl: database.url, env: { ...stripe.env(), DATA_DIR: dir, PARTNERS_FILE: join(dir, 'partners.json') } });
  stripe.webhooks.target = `${server.url}/rest/stripe/webhook`;
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const check = async (b: Browser, discountCode: string) =>
  (await b.post('/rest/partners/check-discount-code', { reason: 'partner-signup', discountCode, partnerCode: 'acme' })).json;

test('each code answers as the seed says, for a visitor', async () => {
  const v = await visitor(server.url);
  expect(await check(v, 'WELCOME')).toEqual({ status: 'valid', error_code: null });
  expect(await check(v, 'FIRSTTIME')).toEqual({ status: 'valid', error_code: null });
  expect(await check(v, 'NOSUCHCODE')).toEqual({ status: 'invalid', error_code: 'INVALID' });
  expect(await check(v, 'USEDUP')).toEqual({ status: 'invalid', error_code: 'ALREADY_REDEEMED' });
  expect(await check(v, 'LASTYEAR')).toEqual({ status: 'invalid', error_code: 'EXPIRED' });
  expect(await check(v, 'STALE')).toEqual({ status: 'invalid', error_code: 'EXPIRED' });
  expect(await check(v, 'ENTERPRISE')).toEqual({ status: 'invalid', error_code: 'INVALID_PRODUCT' });
  expect(await check(v, 'JAPANONLY')).toEqual({ status: 'invalid', error_code: 'INVALID_COUNTRY' });
});

test('someone who subscribed before may not use a first-time code; a good code is redeemed at checkout', async () => {
  const ada = await signedUp(server.url, 'Ada', `ada.partner.${Date.now()}@example.com`);
  expect(await check(ada, 'FIRSTTIME')).toEqual({ status: 'valid', error_code: null });
  const res = await ada.post('/rest/stripe/checkout-session', { subscriptionTier: 'pro', tier: 'monthly', embedded: true, discountCode: 'WELCOME' });
  expect(res.status, res.text).toBe(200);
  const session = stripe.state.sessions.get(res.json.clientSecret.split('_secret_')[0])!;
  expect(session.promotion_code).toBe([...stripe.state.promotionCodes.values()].find((p) => p.code === 'WELCOME')!.id);
  await stripe.completeCheckout(res.json.clientSecret.split('_secret_')[0]);
  await expect.poll(async () => (await ada.get('/rest/session')).json.user.subscription_plan, { timeout: 15_000 }).toBe('pro');
  expect(await check(ada, 'FIRSTTIME')).toEqual({ status: 'invalid', error_code: 'PROMO_CODE_CUSTOMER_NOT_FIRST_TIME' });
});
