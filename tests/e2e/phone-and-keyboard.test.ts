// The shell at a phone's width and from the keyboard, in Chromium: no icon rail and no key
// hints on a phone but a bottom navigation whose Menu opens the sidebar's panel; a skip link
// first in the tab order; a visible focus ring on the ask box; focus back on the control that
// opened a modal once it closes; and the first load's JavaScript under its 200 KB budget.
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const activeLabel = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');

describe('on a phone', () => {
  let phone: Page;
  beforeAll(async () => {
    phone = await e2e.page(PHONE);
    await phone.goto('/');
    await phone.getByLabel('Ask anything').waitFor();
  });

  it('shows a bottom navigation instead of the icon rail, and no key hints', async () => {
    expect(await phone.getByRole('complementary', { name: 'Sidebar' }).count()).toBe(0);
    const nav = phone.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Spaces', 'Library']) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    for (const name of ['New thread', 'Menu']) expect(await nav.getByRole('button', { name }).isVisible()).toBe(true);
    const box = await nav.boundingBox();
    expect(box!.y + box!.height).toBe(844);
    expect(await phone.locator('kbd:visible').count()).toBe(0);
    // The ask box takes the page's width, nothing to its left.
    const ask = await phone.locator('form:has(#ask-input)').boundingBox();
    expect(ask!.x).toBeLessThan(24);
    mkdirSync('test-results', { recursive: true });
    await phone.screenshot({ path: 'test-results/phone-home.png' });
  });

  it('Menu opens the sidebar panel as a drawer; Sign in there opens the login modal', async () => {
    await phone.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    const drawer = phone.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Discover' }).waitFor();
    await phone.screenshot({ path: 'test-results/phone-menu.png' });
    // Escape closes it and gives focus back to Menu.
    await phone.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => activeLabel(phone)).toBe('Menu');
    await phone.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
    await drawer.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByRole('dialog', { name: 'Welcome' }).waitFor();
    expect(await drawer.count()).toBe(0);
    await phone.keyboard.press('Escape');
  });

  it('keeps a thread’s follow-up box above the bottom navigation', async () => {
    await phone.getByLabel('Ask anything').fill('how do I share a thread?');
    await phone.keyboard.press('Enter');
    await phone.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    const followUp = await phone.locator('form:has(#follow-up-input)').boundingBox();
    const nav = await phone.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(followUp!.y + followUp!.height).toBeLessThanOrEqual(nav!.y);
    await phone.screenshot({ path: 'test-results/phone-thread.png' });
  });
});

describe('from the keyboard', () => {
  let page: Page;
  beforeAll(async () => {
    page = await e2e.page();
    await page.goto('/');
    await page.getByLabel('Ask anything').waitFor();
  });

  it('the first Tab reaches a visible skip link, which moves focus to the page', async () => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await activeLabel(page)).toBe('Skip to content');
    expect(await skip.isVisible()).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.width).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('the ask box shows a focus ring while its text field has focus', async () => {
    const ring = () =>
      page.locator('form:has(#ask-input)').evaluate((form) => {
        const s = getComputedStyle(form);
        return { style: s.outlineStyle, width: s.outlineWidth };
      });
    expect((await ring()).style).toBe('none');
    await page.getByLabel('Ask anything').focus();
    expect(await ring()).toEqual({ style: 'solid', width: '2px' });
  });

  it('gives focus back to the control that opened a modal when it closes', async () => {
    const signIn = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' });
    await signIn.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => signIn.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});

describe('the first load', () => {
  it('loads under 200 KB of JavaScript (gzip)', async () => {
    const page = await e2e.page();
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/');
    await page.getByLabel('Ask anything').waitFor();
    await page.waitForLoadState('networkidle');
    let total = 0;
    for (const url of new Set(scripts)) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    if (process.env.SIZE_VERBOSE) console.log(`first-load JavaScript: ${total} bytes gzip`);
    expect(total).toBeGreaterThan(50_000);
    expect(total).toBeLessThan(200 * 1024);
  });
});
