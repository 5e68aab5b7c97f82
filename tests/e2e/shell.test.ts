// The modal host's stacking and 100 ms outside-click rule, and the keyboard shortcuts, as a
// person at a Linux desktop (the Windows/Linux key table) meets them.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
  await page.goto('/');
  await page.getByLabel('Ask anything').waitFor();
});
afterAll(() => e2e?.close());

const list = () => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const editor = () => page.getByRole('dialog', { name: 'Edit keyboard shortcuts' });
const openDialogs = () => page.locator('[data-modal]').evaluateAll((els) => els.map((e) => e.getAttribute('data-modal')));
/** Click the page outside every dialog, as a person would. */
const clickOutside = () => page.mouse.click(640, 20);
/** Leave any text field, so single-key shortcuts apply. */
const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

describe('shortcuts and modals', () => {
  it('Ctrl+/ opens the shortcuts list with this OS’s keys', async () => {
    await page.keyboard.press('Control+/');
    await list().waitFor();
    const row = list()
      .locator('dl > div')
      .filter({ has: page.getByText('New thread', { exact: true }) });
    expect(await row.locator('kbd').allTextContents()).toEqual(['Ctrl', 'I', 'Ctrl', 'Shift', 'P']);
    expect(await list().getByText('Toggle voice mode').count()).toBe(0); // Windows app only
  });

  it('stacks the editor over the list; an outside click within 100 ms does nothing', async () => {
    // Open the editor and click outside it at once, timed inside the page. A machine busy with
    // other tests can take over 100 ms between the two: then the click is not the one this test
    // is about, so the editor is closed (after the grace, as a person would) and it is tried again.
    let elapsed = Infinity;
    for (let attempt = 0; attempt < 5 && elapsed >= 100; attempt++) {
      if (attempt > 0 && (await editor().count())) {
        await page.waitForTimeout(150);
        await clickOutside();
        await editor().waitFor({ state: 'detached' });
      }
      elapsed = await page.evaluate(async () => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Edit shortcuts')!;
        const started = performance.now();
        button.click();
        let overlay: Element | null = null;
        while (!(overlay = document.querySelector('[data-modal-overlay="keyboardShortcutEditor"]'))) await new Promise(requestAnimationFrame);
        overlay.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return performance.now() - started;
      });
    }
    expect(elapsed).toBeLessThan(100);
    await editor().waitFor();
    expect(await openDialogs()).toEqual(['keyboardShortcutHelper', 'keyboardShortcutEditor']);
  });

  it('after 100 ms an outside click closes only the topmost modal', async () => {
    await page.waitForTimeout(150);
    await clickOutside();
    await editor().waitFor({ state: 'detached' });
    expect(await openDialogs()).toEqual(['keyboardShortcutHelper']);
    expect(await list().isVisible()).toBe(true);
    await page.waitForTimeout(150);
    await clickOutside();
    await list().waitFor({ state: 'detached' });
  });

  it('Escape closes the topmost modal only', async () => {
    await page.keyboard.press('Control+/');
    await list().getByRole('button', { name: 'Edit shortcuts' }).click();
    await editor().waitFor();
    await page.keyboard.press('Escape');
    await editor().waitFor({ state: 'detached' });
    expect(await list().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await list().waitFor({ state: 'detached' });
  });

  it('J focuses the ask box, and typing there types instead of firing shortcuts', async () => {
    await blur();
    await page.keyboard.press('j');
    const ask = page.getByLabel('Ask anything');
    expect(await ask.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ask.inputValue()).toBe('');
    await page.keyboard.type('j;');
    expect(await ask.inputValue()).toBe('j;');
    expect(await page.getByRole('status').filter({ hasText: 'Incognito' }).count()).toBe(0);
    await ask.fill('');
  });

  it('; toggles incognito', async () => {
    await blur();
    await page.keyboard.press(';');
    await page.getByText('Incognito on').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('status').filter({ hasText: 'Incognito' }).waitFor();
    await page.keyboard.press(';');
    await page.getByText('Incognito off').waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('status').filter({ hasText: 'Incognito' }).waitFor({ state: 'detached' });
  });

  it('Ctrl+I starts a new thread from anywhere: home, with the ask box focused', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Control+i');
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByLabel('Ask anything').evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
  });
});
