// The first hour on a fresh install (issue 30: items 3 and 10), in Chromium against a server with
// no SMTP, no Stripe, no SearXNG, no model and no market data: the home's ask box shows before the
// session answers; someone in no organisation reaches its creation from the account area, and a
// new organisation's insights say there is no data yet; the price-alert form says at once that
// alerts cannot be made here; a renamed thread's heading follows its new title at once; Rewrite with
// the offline model says it would give the same answer instead of adding a copy.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_NOT_CONFIGURED } from '../../services/market/errors';
import { REWRITE_UNCHANGED } from '../../services/threads/errors';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
const QUESTION = 'what is a Space?';

beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Fay First', email: `fay-${Date.now()}@example.com` });
});
afterAll(() => e2e?.close());

describe('the first hour on a fresh install', () => {
  it("shows the home ask box while the session and the app's later code are still on their way", async () => {
    const visitor = await e2e.page();
    // What the first paint needs is in index.html; everything loaded after it (a page's own code,
    // the session) is held back until the ask box has been seen.
    const firstScripts = [...(await (await fetch(`${e2e.url}/`)).text()).matchAll(/\/assets\/[^"']+\.js/g)].map((m) => m[0]);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const heldBack: string[] = [];
    const hold = async (route: Route) => {
      heldBack.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    };
    await visitor.route('**/rest/session', hold);
    await visitor.route((u) => u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js') && !firstScripts.includes(u.pathname), hold);
    await visitor.goto('/');
    await visitor.getByLabel('Ask anything').waitFor({ timeout: 5_000 });
    expect(heldBack).toContain('/rest/session');
    release();
    await visitor.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).waitFor();
    await visitor.context().close();
  });

  it('leads from the account area to creating an organisation, whose insights say there is no data yet', async () => {
    await page.goto('/account/details');
    await page.getByRole('navigation', { name: 'Organisation' }).getByRole('link', { name: 'Create an organisation' }).click();
    await page.waitForURL((u) => u.pathname === '/account/org/details');
    const form = page.getByRole('form', { name: 'Start an organization' });
    await form.getByLabel('Organization name').fill('Fay Works');
    await form.getByRole('button', { name: 'Create organization' }).click();
    // A member now: the organisation's own sections are there.
    await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Insights' }).click();
    await page.waitForURL((u) => u.pathname === '/account/org/insights');
    await page.getByRole('heading', { name: 'Questions per day' }).waitFor();
    expect(await page.getByText('No data yet: nothing was counted in the last 30 days.').count()).toBe(4);
    expect(await page.getByRole('table', { name: 'Questions per day by day' }).count()).toBe(0);
  });

  it('says at the top of the price-alert form, before any field, that alerts cannot be made here', async () => {
    await page.goto('/account/tasks');
    await page.getByRole('button', { name: 'New price alert' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Price alerts cannot be created on this server.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(MARKET_DATA_NOT_CONFIGURED);
    const modal = page.getByRole('region', { name: 'Price alert' });
    expect(await modal.getByRole('textbox').count()).toBe(0);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it("shows a renamed thread's title as its heading at once, and Rewrite with the offline model adds no copy", async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    const article = page.getByRole('article', { name: QUESTION });
    await article.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: `Thread actions: ${QUESTION}` }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename thread' });
    await dialog.getByLabel('Title').fill('Spaces, explained');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Spaces, explained' }).waitFor();

    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/threads/ask');
    await article.getByRole('button', { name: 'Rewrite' }).click();
    expect((await asked).status()).toBe(409);
    await page.getByText(REWRITE_UNCHANGED).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Spaces, explained' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
  });
});
