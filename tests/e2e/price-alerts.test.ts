// A price alert in the browser against the real server (offline model, the market-data fake):
// the person makes it in the price alert modal on /account/tasks, the fake's quote crosses its
// target, the checker fires it, its run shows on the page with a link to the answer, which gives
// the reason; the person is told in the bell without a reload, by mail and by Web Push (the push
// fake decrypts what it receives).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketDataFake } from '../fakes/market-data.js';
import { type PushService, startPushService } from '../fakes/web-push.js';
import { databaseOf } from '../support/mailbox.js';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let push: PushService;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;
const dataDir = mkdtempSync(join(tmpdir(), 'alerts-e2e-'));
const PROMPT = 'Why did ACME move today?';

beforeAll(async () => {
  market = await startMarketDataFake();
  market.setQuote('ACME', 95, 94);
  push = await startPushService();
  e2e = await startE2E({
    env: {
      DATA_DIR: dataDir,
      MARKET_DATA_PROVIDER: 'finnhub',
      MARKET_DATA_URL: market.url,
      MARKET_DATA_API_KEY: market.apiKey,
      PRICE_ALERT_CHECK_SECONDS: '5',
      NODE_EXTRA_CA_CERTS: push.caFile,
      WEB_PUSH_ALLOW_PRIVATE_HOSTS: push.hostPort,
    },
  });
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Alma Alert', email: `alma-${Date.now()}@example.com` });
});
afterAll(async () => {
  await e2e?.close();
  await push?.close();
  await market?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function outboxSubjects(): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseOf(e2e.url) });
  await client.connect();
  try {
    return (await client.query<{ subject: string }>('select subject from mail_outbox order by subject')).rows.map((r) => r.subject);
  } finally {
    await client.end();
  }
}

describe('price alerts', () => {
  it('made in its modal, goes off when the quote crosses the target, and tells its owner in the bell, by mail and by push', { timeout: 120_000 }, async () => {
    await page.goto('/account/tasks');
    // The browser subscribes to pushes as its PushManager would, with the server's key.
    const key = await page.evaluate(async () => ((await (await fetch('/rest/notifications/push/public-key')).json()) as { public_key: string }).public_key);
    const sub = push.browser(key);
    const subscribed = await page.evaluate(
      async (body) =>
        (await fetch('/rest/notifications/push/subscriptions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
          .status,
      sub,
    );
    expect(subscribed).toBe(201);

    await page.getByRole('button', { name: 'New price alert' }).click();
    const form = page.getByRole('form', { name: 'Price alert' });
    await form.getByRole('textbox', { name: 'Title' }).fill('ACME above 100');
    await form.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await form.getByRole('textbox', { name: 'Symbol' }).fill('acme');
    await form.getByRole('spinbutton', { name: 'Target price (USD)' }).fill('100');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Price alert created').waitFor();
    const item = page.getByRole('listitem', { name: 'ACME above 100' });
    await item.getByText('Not run yet').waitFor();

    const bell = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    // The checker has looked once below the target (ACME was asked for once more when the alert
    // was made); then the quote crosses it, and the next look fires the alert.
    await expect.poll(() => market.asked.filter((s) => s === 'ACME').length, { timeout: 30_000, interval: 250 }).toBeGreaterThan(1);
    market.setQuote('ACME', 101.5, 94);
    // No reload: the centre's stream brings the notification.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 60_000, interval: 500 }).toBe('Notifications, 1 unread');
    const [pushed] = await push.pushesTo(sub.endpoint);
    expect(pushed.payload).toMatchObject({ kind: 'price_alert', title: 'Your alert "ACME above 100" went off' });
    await expect.poll(outboxSubjects, { timeout: 15_000 }).toContain('Your alert "ACME above 100" went off');

    await page.reload();
    await item.getByText(/^Succeeded/).waitFor({ timeout: 15_000 });
    await bell.click();
    await page
      .getByRole('dialog', { name: 'Notification centre' })
      .getByRole('link', { name: /Your alert "ACME above 100" went off/ })
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/search/'));
    await page
      .getByText(/crossing your target of 100\.00 USD/)
      .first()
      .waitFor({ timeout: 15_000 });
  });
});
