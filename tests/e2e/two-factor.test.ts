// Two-factor sign-in in the browser: set up an authenticator app on /account/details (the QR
// code's key read by otpauth as a phone's app would), sign out, sign in with a code, and with a
// backup code, which works once.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorFor } from '../support/authenticator';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
});

const account = { name: 'Tove Twofactor', email: `tove-${Date.now()}@example.com`, password: 'a-good-long-password' };
const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
const dialog = () => page.getByRole('dialog');
let app: ReturnType<typeof authenticatorFor>;
let backupCodes: string[] = [];

async function signOut() {
  await sidebar().getByRole('button', { name: 'Sign out' }).click();
  await sidebar().getByRole('button', { name: 'Sign in' }).waitFor();
}

async function passwordStep() {
  await sidebar().getByRole('button', { name: 'Sign in' }).click();
  await dialog().getByLabel('Email').fill(account.email);
  await dialog().getByLabel('Password').fill(account.password);
  await dialog().getByRole('button', { name: 'Sign in', exact: true }).click();
  await dialog().getByRole('form', { name: 'Two-factor code' }).waitFor();
}

describe('two-factor sign-in', () => {
  it('is set up on the account page with the password, the QR code’s key and a first code', async () => {
    await page.goto('/');
    await signUpThroughApi(page, account);
    await page.goto('/account/details');
    const start = page.getByRole('form', { name: 'Turn on two-factor authentication' });
    await start.getByLabel('Current password').fill('not-the-password');
    await start.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await start.getByRole('alert').filter({ hasText: 'The current password is not right.' }).waitFor();
    await start.getByLabel('Current password').fill(account.password);
    await start.getByRole('button', { name: 'Set up two-factor authentication' }).click();

    await page.locator('svg title', { hasText: 'QR code for your authenticator app' }).waitFor({ state: 'attached' });
    const key = (await page.getByLabel('Setup key').inputValue()).replace(/\s+/g, '');
    app = authenticatorFor(`otpauth://totp/Answer%20Engine:${encodeURIComponent(account.email)}?secret=${key}`);
    backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);

    const confirm = page.getByRole('form', { name: 'Confirm two-factor authentication' });
    await confirm.getByLabel('Code from your authenticator app').fill(app.staleCode());
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await confirm.getByLabel('Code from your authenticator app').fill(app.code());
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('On: signing in asks for a code from your authenticator app.').waitFor();
  });

  it('asks for a code after the password, then signs in', async () => {
    await signOut();
    await passwordStep();
    await dialog().getByLabel('Code from your authenticator app').fill(app.code());
    await dialog().getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Signed in as ${account.name}`).waitFor();
  });

  it('takes a backup code instead, once', async () => {
    await signOut();
    await passwordStep();
    await dialog().getByRole('button', { name: 'Use a backup code instead' }).click();
    await dialog().getByLabel('Backup code').fill(backupCodes[0]);
    await dialog().getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Signed in as ${account.name}`).waitFor();

    await signOut();
    await passwordStep();
    await dialog().getByRole('button', { name: 'Use a backup code instead' }).click();
    await dialog().getByLabel('Backup code').fill(backupCodes[0]);
    await dialog().getByRole('button', { name: 'Verify' }).click();
    await dialog().getByRole('alert').filter({ hasText: 'That backup code is not right, or it was used already.' }).waitFor();
    await dialog().getByLabel('Backup code').fill(backupCodes[1]);
    await dialog().getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Signed in as ${account.name}`).waitFor();
  });
});
