// Shopping in an answer, the whole way as a person goes (issue 35), in Chromium against the real
// server and the fakes of its providers: the merchant's feed (and its product pictures), the
// image provider and Stripe (with the Stripe.js test double). They ask a buying question and see
// the shopping onboarding, then product cards under the answer; open a product and switch its option; try it on (an avatar made
// from a selfie taken with the front camera); buy it: shipping address, tax and shipping before
// paying, a declined card that leaves no paid order, then a good one; find the order in
// /account/purchases, cancel it and see the refund; and last delete their avatar. The same
// server also sells a Shopify store's products (the Storefront fake): such a product is bought at
// the store, its cart made there with the buyer and address, and the store's checkout opened.
// One server for the file; what the API alone shows is tested in tests/integration.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startImageProviderFake } from '../fakes/image-provider';
import { type FakeItem, xmlFeed } from '../fakes/merchant-feed';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { type FakeShopifyProduct, startShopifyStorefrontFake } from '../fakes/shopify-storefront';
import { startMerchantCatalogue } from '../support/merchant-catalogue';
import { signUpThroughApi, startE2E, type E2E } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let e2e: E2E;
let page: Page;
let stripe: StripeFake;
let provider: Awaited<ReturnType<typeof startImageProviderFake>>;
let catalogue: Awaited<ReturnType<typeof startMerchantCatalogue>>;
let shop: Awaited<ReturnType<typeof startShopifyStorefrontFake>>;

const SHOPIFY_TOKEN = 'shpat-e2e-storefront-0123';
const GREY = 'gid://shopify/ProductVariant/302';
const BEANIE: FakeShopifyProduct = {
  id: 'gid://shopify/Product/300',
  title: 'Fjord merino beanie',
  description: 'A warm hat knitted from merino wool',
  vendor: 'Fjord',
  handle: 'merino-beanie',
  variants: [
    { id: 'gid://shopify/ProductVariant/301', title: 'Green', price: '29.0', options: { Color: 'Green' } },
    { id: GREY, title: 'Grey', price: '32.0', options: { Color: 'Grey' } },
  ],
};

beforeAll(async () => {
  [stripe, provider, catalogue, shop] = await Promise.all([
    startStripeFake(),
    startImageProviderFake(),
    startMerchantCatalogue([{ id: 'peak', name: 'Peak Outdoors', items: [] }]),
    startShopifyStorefrontFake({ token: SHOPIFY_TOKEN }),
  ]);
  // The feed names pictures on the merchant's own site (the fake), which try-on fetches.
  const feeds = catalogue.feeds;
  const jacket = { groupId: 'J1', title: 'Alpine waterproof hiking jacket', brand: 'Peak' };
  const items: FakeItem[] = [
    { ...jacket, id: 'J1-M', price: '189.00 EUR', size: 'M', color: 'Red', rating: 4.6, reviews: 120, image: `${feeds.url}/img/J1-M.png` },
    { ...jacket, id: 'J1-L', price: '195.00 EUR', size: 'L', color: 'Blue', image: `${feeds.url}/img/J1-L.png` },
  ];
  feeds.serve('/peak.xml', xmlFeed(items));
  feeds.serveImage('/img/J1-M.png', PNG);
  feeds.serveImage('/img/J1-L.png', PNG);
  // The second merchant: a Shopify store.
  shop.setProducts([BEANIE]);
  e2e = await startE2E({
    env: {
      ...catalogue.env,
      SHOPIFY_STORE_DOMAIN: shop.url,
      SHOPIFY_STOREFRONT_TOKEN: SHOPIFY_TOKEN,
      SHOPIFY_STORE_NAME: 'Fjord Outfitters',
      ...stripe.env(),
      ...provider.env(),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
      SHOPPING_SHIPPING_RATES: 'peak=500',
      TRY_ON_ALLOW_PRIVATE_HOSTS: new URL(feeds.url).host,
    },
    // Chromium's fake camera: a moving test pattern, the permission granted without asking.
    chromiumArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  stripe.webhooks.routes.push({ prefix: 'payment_intent.', target: `${e2e.url}/rest/shopping/stripe-webhook` });
  await catalogue.synced(e2e.url);
  page = await e2e.page();
  await routeStripeJs(page, stripe.url);
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await Promise.all([stripe?.close(), provider?.close(), catalogue?.close(), shop?.close()]);
});

test('ask, see products, try one on, pay (a declined card first), find it in purchases, cancel it and see the refund', { timeout: 120_000 }, async () => {
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Sam Shopper', email: `sam-${Date.now()}@example.com` });
  await page.goto('/');
  const question = 'a waterproof hiking jacket under 200 euros';
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');

  // The first product cards bring the shopping onboarding: this server's merchants, paying here, try-on.
  const onboarding = page.getByRole('dialog', { name: 'Shopping in your answers' });
  await onboarding.getByText('Connected now: Peak Outdoors, Fjord Outfitters.', { exact: false }).waitFor({ timeout: 30_000 });
  await onboarding.getByText('Try clothes on an avatar made from your selfie. Only you see it.').waitFor();
  await onboarding.getByRole('button', { name: 'Got it' }).click();

  // Product cards under the answer: picture, price, merchant, rating.
  const products = page.getByRole('article', { name: question }).getByRole('region', { name: 'Products' });
  const card = products.getByRole('button', { name: /Alpine waterproof hiking jacket, €189\.00 at Peak Outdoors/ });
  await card.waitFor();
  await products.getByLabel('Rated 4.6 out of 5 from 120 reviews').waitFor();
  expect(await products.locator('img').count()).toBe(1);

  // The details: another option shows its own price and picture.
  await card.click();
  const details = page.getByRole('dialog', { name: 'Alpine waterproof hiking jacket' });
  expect(await details.getByTestId('product-details-price').textContent()).toBe('€189.00');
  await details.getByText('Blue / L').click();
  await expect.poll(() => details.getByTestId('product-details-price').textContent()).toBe('€195.00');
  await details.getByRole('img', { name: 'Alpine waterproof hiking jacket, Blue / L' }).waitFor();
  await details.getByText('Red / M').click();

  // Trying it on with no avatar yet: the try-on onboarding, the selfie from the front camera (selfie.jpg).
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/rest/uploads/create_upload_url') uploads.push(r.postData() ?? '');
  });
  await details.getByRole('button', { name: 'Try it on' }).click();
  await page.getByRole('dialog', { name: 'Try on clothes with your avatar' }).getByRole('button', { name: 'Create your avatar' }).click();
  const create = page.getByRole('dialog', { name: 'Create your avatar' });
  await create.getByRole('button', { name: 'Take a Selfie' }).click();
  await create.getByRole('button', { name: 'Take photo' }).click();
  await create.getByRole('img', { name: 'Your selfie' }).waitFor();
  await create.getByRole('button', { name: 'Use photo' }).click();
  await page.getByRole('dialog', { name: 'Choose a body' }).getByRole('button', { name: 'Use a default body' }).click();
  const confirm = page.getByRole('dialog', { name: 'Your avatar' });
  await confirm.getByRole('img', { name: 'Your new avatar' }).waitFor();
  expect(JSON.parse(uploads.at(-1)!)).toMatchObject({ filename: 'selfie.jpg', content_type: 'image/jpeg', force_image: true });
  await confirm.getByRole('button', { name: 'Save avatar' }).click();
  await page.getByText('Avatar updated successfully!').waitFor();
  await confirm.waitFor({ state: 'detached' });

  // Now the avatar wears the product: the provider got the avatar and the merchant's picture.
  await details.getByRole('button', { name: 'Try it on' }).click();
  const tried = details.getByRole('img', { name: 'You wearing this product' });
  await tried.waitFor({ timeout: 30_000 });
  await expect.poll(() => tried.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(provider.requests.at(-1)!.images.map((i) => i.bytes.equals(PNG))).toEqual([false, true]);

  // Buying it: the address, then tax and shipping before paying.
  await details.getByRole('button', { name: 'Buy' }).click();
  const payment = page.getByTestId('shopping-payment-modal');
  const address = { 'Full name': 'Sam Shopper', 'Address line 1': '1 Ridge Road', City: 'Innsbruck', 'Postal code': '6020', 'Country code (e.g. US)': 'AT' };
  for (const [label, value] of Object.entries(address)) await payment.getByLabel(label).fill(value);
  await payment.getByRole('button', { name: 'Continue', exact: true }).click();
  const totals = payment.getByTestId('shopping-totals');
  await totals.waitFor();
  expect(await totals.innerText()).toBe('Subtotal\n€189.00\nShipping\n€5.00\nTax\nNot calculated\nTotal\n€194.00');
  await payment.getByRole('button', { name: 'Continue to payment' }).click();

  // A declined card: said in red, and no order is paid.
  const element = payment.locator('[data-stripe-double-element="payment"]');
  expect(await element.getAttribute('data-payment-methods')).toBe('card,link');
  await element.getByLabel('Card number').fill('4000 0000 0000 0002');
  await payment.getByRole('button', { name: 'Pay €194.00' }).click();
  await payment.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
  const statuses = () => page.evaluate(async () => (await (await fetch('/rest/shopping/orders')).json()).orders.map((o: { status: string }) => o.status));
  await expect.poll(statuses).toEqual(['payment_failed']);

  // A good card: paid when Stripe's webhook says so.
  await element.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByRole('button', { name: 'Pay €194.00' }).click();
  const confirmation = page.getByTestId('purchase-confirmation');
  await confirmation.getByTestId('purchase-payment-status').filter({ hasText: 'Payment confirmed.' }).waitFor();
  await confirmation.getByRole('link', { name: 'See your purchases' }).click();

  // In purchases: paid; cancelled after a confirmation, with the refund shown.
  await page.waitForURL('**/account/purchases');
  const row = page.getByTestId('purchase-row').filter({ hasText: 'Alpine waterproof hiking jacket' });
  await row.getByText('Paid').waitFor();
  expect(await row.locator('.tabular-nums').textContent()).toBe('€194.00');
  await row.getByRole('button', { name: 'Details' }).click();
  const order = page.getByTestId('shopping-order-details');
  await order.getByText('Ships to Sam Shopper, 1 Ridge Road, 6020 Innsbruck, AT').waitFor();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  await order.getByText('Cancel this order? You will be refunded €194.00.').waitFor();
  await order.getByRole('button', { name: 'Yes, cancel' }).click();
  await order.getByTestId('order-status').filter({ hasText: 'Cancelled · Refunded €194.00' }).waitFor();
  await order.getByRole('button', { name: 'Close' }).click();
  await row.getByText('Cancelled · Refunded €194.00').waitFor();
  expect([...stripe.payments.refunds.values()].map((r) => r.amount)).toEqual([19_400]);

  // The avatar in account details, shown to its owner, deleted after a confirmation.
  await page.goto('/account/details');
  await page.getByRole('button', { name: 'Your avatar photo' }).click();
  const management = page.getByRole('dialog', { name: 'Your avatar photo' });
  const avatar = management.getByRole('img', { name: 'Your avatar' });
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await management.getByRole('button', { name: 'Delete avatar' }).click();
  await page.getByRole('alertdialog', { name: 'Delete your avatar?' }).getByRole('button', { name: 'Delete' }).click();
  await management.getByText('You have no avatar yet.').waitFor();
});

test("a Shopify store's product: its card, another variant, the cart made at the store with the buyer, and the store's checkout", {
  timeout: 60_000,
}, async () => {
  const shopper = await e2e.page();
  await shopper.goto('/');
  const email = `robin-${Date.now()}@example.com`;
  await signUpThroughApi(shopper, { name: 'Robin Buyer', email });
  await shopper.goto('/');
  const question = 'a merino beanie under 40 euros';
  await shopper.getByLabel('Ask anything').fill(question);
  await shopper.keyboard.press('Enter');
  await shopper.getByRole('dialog', { name: 'Shopping in your answers' }).getByRole('button', { name: 'Got it' }).click({ timeout: 30_000 });

  // The store's product under the answer, named with the store.
  const products = shopper.getByRole('article', { name: question }).getByRole('region', { name: 'Products' });
  await products.getByRole('button', { name: /Fjord merino beanie, €29\.00 at Fjord Outfitters/ }).click();
  const details = shopper.getByRole('dialog', { name: 'Fjord merino beanie' });
  await details.getByText('Fjord · Fjord Outfitters').waitFor();
  await details.getByText('Grey', { exact: true }).click();
  await expect.poll(() => details.getByTestId('product-details-price').textContent()).toBe('€32.00');
  // Bought at the store, not paid in the thread.
  expect(await details.getByRole('button', { name: 'Buy', exact: true }).count()).toBe(0);

  // Two in the cart at the store, then the address, then the store's checkout with its total.
  await details.getByLabel('Quantity').selectOption('2');
  await details.getByRole('button', { name: 'Buy at Fjord Outfitters' }).click();
  await details.getByText('In your cart at Fjord Outfitters: 2 × Grey, €64.00').waitFor();
  const address = { 'Full name': 'Robin Buyer', 'Address line 1': '2 Fjord Street', City: 'Bergen', 'Postal code': '5003', 'Country code (e.g. US)': 'NO' };
  for (const [label, value] of Object.entries(address)) await details.getByLabel(label).fill(value);
  await details.getByRole('button', { name: 'Continue to checkout' }).click();
  const pay = details.getByRole('link', { name: 'Pay at Fjord Outfitters' });
  await pay.waitFor();
  expect(await details.getByText(/^Total with shipping:/).innerText()).toBe('Total with shipping: €69.00. You pay Fjord Outfitters on its checkout page.');

  // What the store received: one line of the chosen variant, two of it, the buyer and where it ships.
  const [cart, ...others] = [...shop.carts.values()];
  expect(others).toEqual([]);
  expect(cart!.lines.map((l) => [l.merchandiseId, l.quantity])).toEqual([[GREY, 2]]);
  expect(cart!.buyerIdentity).toMatchObject({
    email,
    countryCode: 'NO',
    deliveryAddressPreferences: [
      { deliveryAddress: { firstName: 'Robin', lastName: 'Buyer', address1: '2 Fjord Street', city: 'Bergen', zip: '5003', country: 'NO' } },
    ],
  });

  // The link opens the store's own checkout page for that cart.
  const [checkout] = await Promise.all([shopper.context().waitForEvent('page'), pay.click()]);
  await checkout.getByRole('heading', { name: 'Checkout' }).waitFor();
  expect(checkout.url()).toBe(await pay.getAttribute('href'));
  expect(new URL(checkout.url()).origin).toBe(shop.url);
  await checkout.getByText('Grey × 2').waitFor();
});
