// Product cards in the browser (issue 35), against the real server and the merchant feed fake: a
// person asks a buying question, sees product cards (image, price, merchant, rating) under the
// answer, opens one, switches its option and sees that option's price and image.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startMerchantFeedFake, xmlFeed } from '../fakes/merchant-feed';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let feeds: Awaited<ReturnType<typeof startMerchantFeedFake>>;

beforeAll(async () => {
  feeds = await startMerchantFeedFake();
  feeds.serve(
    '/peak.xml',
    xmlFeed([
      {
        id: 'J1-M',
        groupId: 'J1',
        title: 'Alpine waterproof hiking jacket',
        brand: 'Peak',
        price: '189.00 EUR',
        size: 'M',
        color: 'Red',
        rating: 4.6,
        reviews: 120,
      },
      { id: 'J1-L', groupId: 'J1', title: 'Alpine waterproof hiking jacket', brand: 'Peak', price: '195.00 EUR', size: 'L', color: 'Blue' },
    ]),
  );
  const dir = mkdtempSync(join(tmpdir(), 'merchants-'));
  writeFileSync(join(dir, 'merchants.json'), JSON.stringify([{ id: 'peak', name: 'Peak Outdoors', url: `${feeds.url}/peak.xml` }]));
  e2e = await startE2E({ env: { MERCHANT_FEEDS_FILE: join(dir, 'merchants.json') } });
  page = await e2e.page();
  // The first sync runs as the server starts.
  for (let i = 0; i < 300; i++) {
    const { merchants } = (await (await fetch(`${e2e.url}/rest/shopping/merchant-feeds`)).json()) as { merchants: { product_count: number }[] };
    if (merchants[0]?.product_count === 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await feeds?.close();
});

test('a buying question shows product cards; a product opens with its options, and another option shows its own price', { timeout: 90_000 }, async () => {
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Sam Shopper', email: `sam-${Date.now()}@example.com` });
  await page.goto('/');
  const question = 'a waterproof hiking jacket under 200 euros';
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  const entry = page.getByRole('article', { name: question });
  const products = entry.getByRole('region', { name: 'Products' });
  const card = products.getByRole('button', { name: /Alpine waterproof hiking jacket, €189\.00 at Peak Outdoors/ });
  await card.waitFor({ timeout: 30_000 });
  await products.getByLabel('Rated 4.6 out of 5 from 120 reviews').waitFor();
  expect(await products.locator('img').count()).toBe(1);

  await card.click();
  const dialog = page.getByRole('dialog', { name: 'Alpine waterproof hiking jacket' });
  await dialog.waitFor();
  expect(await dialog.getByTestId('product-details-price').textContent()).toBe('€189.00');
  await dialog.getByRole('img', { name: 'Alpine waterproof hiking jacket, Red / M' }).waitFor();
  await dialog.getByText('Blue / L').click();
  await expect.poll(() => dialog.getByTestId('product-details-price').textContent()).toBe('€195.00');
  expect(await dialog.getByRole('img', { name: 'Alpine waterproof hiking jacket, Blue / L' }).getAttribute('src')).toBe('https://shop.example/img/J1-L.jpg');
  expect(await dialog.getByRole('button', { name: 'Buy' }).isEnabled()).toBe(true);
});
