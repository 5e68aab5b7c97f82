// Local settings that must survive a reload: dark mode and the sign-up card's dismissal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const htmlState = () => ({
  dark: document.documentElement.classList.contains('dark'),
  background: getComputedStyle(document.documentElement).backgroundColor,
});

describe('settings on this device', () => {
  it('dark mode is chosen in settings and survives a reload', async () => {
    const page = await e2e.page({ colorScheme: 'light' });
    await page.goto('/settings');
    const dark = page.getByRole('radio', { name: 'Dark' });
    await dark.waitFor();
    const light = await page.evaluate(htmlState);
    expect(light.dark).toBe(false);

    await dark.click();
    await expect.poll(() => page.evaluate(htmlState), { timeout: 10_000 }).toMatchObject({ dark: true });
    const chosen = await page.evaluate(htmlState);
    expect(chosen.background).not.toBe(light.background);

    await page.reload({ waitUntil: 'domcontentloaded' });
    // Dark from the first paint: set by index.html before the app's code runs.
    expect(await page.evaluate(htmlState)).toEqual(chosen);
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
  });

  it('the sign-up card shows to anonymous desktop visitors, and its dismissal survives a reload', async () => {
    const page = await e2e.page();
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Sign in or create an account' });
    await card.waitFor();
    expect(await card.getByText('Unlock Pro Search and History').isVisible()).toBe(true);
    expect((await card.boundingBox())?.width).toBe(300);

    await card.getByRole('button', { name: 'Dismiss' }).click();
    await card.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await card.count()).toBe(0);
  });

  it('the sign-up card is not shown on a narrow screen', async () => {
    const page = await e2e.page({ viewport: { width: 390, height: 800 } });
    await page.goto('/');
    await page.getByLabel('Ask anything').waitFor();
    // A phone has no sidebar: the session has loaded once the page is idle.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Sign in or create an account' }).count()).toBe(0);
  });
});
