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
  // The page's clock runs as usual until a test pauses it to move through the 100 ms grace at will.
  await page.clock.install();
  await page.goto('/');
  await page.getByLabel('Ask anything').waitFor();
});
afterAll(() => e2e?.close());

/** Seeds: "Modal outside-click grace 100 ms" (web/src/app/modals/host.tsx). */
const OUTSIDE_CLICK_GRACE_MS = 100;
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
    // The clock stands still from here: however slow the machine, the click comes within the grace.
    // Paused a second ahead: 1 ms ahead was already the past when the pause came on a loaded
    // machine ("Cannot fast-forward to the past"), and every test after it failed too.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await list().getByRole('button', { name: 'Edit shortcuts' }).click();
    await page.locator('[data-modal-overlay="keyboardShortcutEditor"]').waitFor();
    await clickOutside();
    expect(await openDialogs()).toEqual(['keyboardShortcutHelper', 'keyboardShortcutEditor']);
    // Time flows again; the editor shows its content and stays.
    await page.clock.resume();
    await editor().waitFor();
    expect(await openDialogs()).toEqual(['keyboardShortcutHelper', 'keyboardShortcutEditor']);
  });

  it('after 100 ms an outside click closes only the topmost modal', async () => {
    await page.clock.runFor(OUTSIDE_CLICK_GRACE_MS);
    await clickOutside();
    await editor().waitFor({ state: 'detached' });
    expect(await openDialogs()).toEqual(['keyboardShortcutHelper']);
    expect(await list().isVisible()).toBe(true);
    await page.clock.runFor(OUTSIDE_CLICK_GRACE_MS);
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
