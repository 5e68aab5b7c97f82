// Buying a product in the browser against the Stripe fake (issue 35): an order made for the
// person, paid in the shopping payment modal with Stripe's payment element (through the Stripe.js
// test double): a declined card said in red and nothing paid, then a good card; the purchase
// confirmation waits for Stripe's webhook; the order in /account/purchases as Paid; cancelled
// after a confirmation, with the refund shown.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { signUp, startE2E, type E2E } from './support';

const JACKET = {
  optionKey: 'alpine-jacket:m:blue',
  productId: 'alpine-jacket',
  merchantId: 'trail-shop',
  merchantName: 'Trail Shop',
  title: 'Alpine waterproof jacket',
  optionLabel: 'M / Blue',
  priceMinor: 15_900,
  currency: 'usd',
  imageUrl: null,
  available: true,
};

let stripe: StripeFake;
let e2e: E2E;
let page: Page;
beforeAll(async () => {
  stripe = await startStripeFake();
  const options = join(mkdtempSync(join(tmpdir(), 'priced-')), 'options.json');
  writeFileSync(options, JSON.stringify([JACKET]));
  e2e = await startE2E({
    env: {
      ...stripe.env(),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
      SHOPPING_SHIPPING_RATES: 'trail-shop=500',
      SHOPPING_TEST_PRICED_OPTIONS_FILE: options,
    },
  });
  stripe.webhooks.routes.push({ prefix: 'payment_intent.', target: `${e2e.url}/rest/shopping/stripe-webhook` });
  page = await e2e.page();
  await routeStripeJs(page, stripe.url);
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

describe('buying a product', () => {
  it('pays with a test card in the payment modal, sees the order in purchases, cancels it and sees the refund', async () => {
    await page.goto('/');
    await signUp(page, { name: 'Olga Order', email: `olga-${Date.now()}@example.com`, password: 'a-good-long-password' });
    // The order as the product sheet makes it (the catalogue's price, shown to the person).
    const made = await page.evaluate(async (item) => {
      const res = await fetch('/rest/shopping/create-shopping-order', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ option_key: item.optionKey, quantity: 1, unit_price_minor: item.priceMinor, currency: item.currency }],
          shipping_address: { name: 'Olga Order', line1: '1 Ridge Road', city: 'Boulder', postal_code: '80302', state: 'CO', country: 'US' },
        }),
      });
      return { status: res.status, body: await res.json() };
    }, JACKET);
    expect(made.status).toBe(200);

    await page.goto('/account/purchases');
    const row = page.getByTestId('purchase-row');
    await row.filter({ hasText: 'Alpine waterproof jacket' }).getByText('Not paid').waitFor();
    // Shipping is the merchant's flat rate; Stripe Tax is off on this server.
    expect(await row.locator('.tabular-nums').textContent()).toBe('$164.00');
    await row.getByRole('button', { name: 'Pay' }).click();

    const modal = page.getByTestId('shopping-payment-modal');
    const payment = modal.locator('[data-stripe-double-element="payment"]');
    expect(await payment.getAttribute('data-payment-methods')).toBe('card,link');
    await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
    await modal.getByRole('button', { name: 'Pay $164.00' }).click();
    await modal.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect([...stripe.payments.paymentIntents.values()].map((pi) => pi.status)).toEqual(['requires_payment_method']);

    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await modal.getByRole('button', { name: 'Pay $164.00' }).click();
    const confirmation = page.getByTestId('purchase-confirmation');
    await confirmation.getByTestId('purchase-payment-status').filter({ hasText: 'Payment confirmed.' }).waitFor();
    await confirmation.getByRole('button', { name: 'Done' }).click();

    await row.getByText('Paid').waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByTestId('shopping-order-details');
    await details.getByText('Ships to Olga Order, 1 Ridge Road, 80302 Boulder, CO, US').waitFor();
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await details.getByText('Cancel this order? You will be refunded $164.00.').waitFor();
    await details.getByRole('button', { name: 'Yes, cancel' }).click();
    await details.getByTestId('order-status').filter({ hasText: 'Cancelled · Refunded $164.00' }).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Cancelled · Refunded $164.00').waitFor();
    expect([...stripe.payments.refunds.values()].map((r) => r.amount)).toEqual([16_400]);
  });
});
