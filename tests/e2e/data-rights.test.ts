// Data rights in the browser: a person asks a question, exports their data from /account/details
// and downloads the zip (which holds the thread), then deletes the account; signing in again fails.
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
});
afterAll(async () => e2e?.close());

const account = { name: 'Rhoda Rights', email: `rhoda-${Date.now()}@example.com`, password: 'a-good-long-password' };
const QUESTION = 'how do I share a thread?';
const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });

describe('data rights', () => {
  it('exports the data of a person with a thread and downloads the zip', async () => {
    await page.goto('/');
    await signUpThroughApi(page, account);
    // Signing up is not what this file is about (auth.test.ts is): the call, then the app reads the session.
    await page.reload();
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: QUESTION }).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });

    await page.goto('/account/details');
    await page.getByRole('button', { name: 'Export your data' }).click();
    const link = page.getByRole('link', { name: 'Download your data' });
    await link.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^your-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(await readFile((await download.path())!));
    const markdown = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => n.startsWith('threads/') && n.endsWith('.md'))
        .map((n) => zip.file(n)!.async('string')),
    );
    expect(markdown.join('\n')).toContain(`## ${QUESTION}`);
    expect(JSON.parse(await zip.file('profile.json')!.async('string'))).toMatchObject({ name: account.name, email: account.email });
  });

  it('deletes the account after the password, DELETE and a confirmation; signing in then fails', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await form.getByRole('alert').filter({ hasText: 'The current password is not right.' }).waitFor();

    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await sidebar().getByRole('button', { name: 'Sign in' }).waitFor();

    await sidebar().getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Wrong email or password.' }).waitFor();
  });
});
