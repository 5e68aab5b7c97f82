// The person's settings in the browser: preferences and personalize are changed on their pages,
// applied at once (the theme on <html>, the ask box's search mode), kept after a reload, and
// followed on another device once the same person signs in there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page({ colorScheme: 'light' });
});
afterAll(() => e2e?.close());

const account = { name: 'Pia Prefs', email: `pia-${Date.now()}@example.com`, password: 'a-good-long-password' };
const isDark = (p: Page) => p.evaluate(() => document.documentElement.classList.contains('dark'));
const askMode = (p: Page) => p.getByRole('combobox', { name: 'Search mode' });

describe('the person’s settings', () => {
  it('changes the theme and the default search mode, applied at once', async () => {
    await page.goto('/');
    await signUpThroughApi(page, account);
    await page.goto('/account/preferences');
    await page.getByRole('radio', { name: 'Dark' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    // Help, not Web: this server has no web search (no SEARXNG_URL), so Web is shown disabled.
    expect(await page.getByRole('radio', { name: /^Web/ }).isDisabled()).toBe(true);
    // The theme's save may still be under way, its "Saved." still shown for a moment after this
    // click: wait for the server to answer the save that carries Help before leaving the page.
    const helpSaved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/rest/account/preferences' && r.request().postDataJSON()?.default_search_mode === 'help',
    );
    await page.getByRole('radio', { name: /^Help/ }).click();
    expect((await helpSaved).ok()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await page.goto('/');
    expect(await askMode(page).inputValue()).toBe('help');
  });

  it('saves an "about me" and a style, refusing one too long first', async () => {
    await page.goto('/account/personalize');
    const about = page.getByLabel('About me');
    await about.fill('x'.repeat(1501));
    await page.getByText('Keep “about me” to 1,500 characters or fewer (1,501 now).').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await about.fill('I teach physics to teenagers.');
    await page.getByRole('radio', { name: /^Concise/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  });

  it('keeps all of it after a reload', async () => {
    await page.reload();
    expect(await page.getByLabel('About me').inputValue()).toBe('I teach physics to teenagers.');
    expect(await page.getByRole('radio', { name: /^Concise/ }).isChecked()).toBe(true);
    expect(await isDark(page)).toBe(true);
    await page.goto('/account/preferences');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Help/ }).isChecked()).toBe(true);
  });

  it('another device follows the account once signed in there', async () => {
    const other = await e2e.page({ colorScheme: 'light' });
    await other.goto('/');
    expect(await isDark(other)).toBe(false);
    const dialog = other.getByRole('dialog');
    await other.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => isDark(other)).toBe(true);
    await expect.poll(() => askMode(other).inputValue()).toBe('help');
    await other.context().close();
  });

  it('site instructions: the server refuses what only it can tell is no site, and keeps a pasted address under its domain', async () => {
    await page.goto('/account/site-instructions');
    const form = page.getByRole('form', { name: 'Add site instructions' });
    await form.getByLabel('Site').fill('co.uk');
    await form.getByLabel('Instructions').fill('Be brief.');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByRole('alert').filter({ hasText: 'Give a site’s domain, such as example.com.' }).waitFor();

    await form.getByLabel('Site').fill('https://www.Example.co.uk/news');
    await form.getByText('Kept as example.co.uk').waitFor();
    await form.getByRole('button', { name: 'Add' }).click();
    const list = page.getByRole('list', { name: 'Sites with instructions' });
    await list.getByRole('heading', { name: 'example.co.uk' }).waitFor();
    await page.reload();
    await list.getByRole('heading', { name: 'example.co.uk' }).waitFor();
    expect(await list.getByText('Be brief.').count()).toBe(1);
  });
});
