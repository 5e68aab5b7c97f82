// Sign up, sign out and sign in in the browser against the real server.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
});
afterAll(() => e2e?.close());

const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
const dialog = () => page.getByRole('dialog');
const account = { name: 'Test Person', email: `person-${Date.now()}@example.com`, password: 'a-good-long-password' };

async function openSignIn() {
  await sidebar().getByRole('button', { name: 'Sign in' }).click();
  await dialog().getByLabel('Email').waitFor();
}

describe('signing up, out and in', () => {
  it('signs up from the login modal', async () => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('region', { name: 'Sign in or create an account' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await openSignIn();
    expect(await dialog().getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    await dialog().getByRole('tab', { name: 'Create account' }).click();
    await dialog().getByLabel('Name').fill(account.name);
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password').fill(account.password);
    // A fresh install sends no mail, and every text says the same about it (issue 30, item 9).
    await dialog().getByText('This server sends no mail: your account is signed in at once, and its administrator verifies your address by hand.').waitFor();
    await dialog().getByRole('button', { name: 'Create account' }).click();

    const welcome = page.getByText(`Welcome, ${account.name}! Your account is ready.`);
    await welcome.waitFor();
    await sidebar().getByText(account.name).waitFor();
    expect(await dialog().count()).toBe(0);
    const banner = page.getByRole('status').filter({ hasText: 'is not verified yet' });
    expect(await banner.textContent()).toBe(
      `Your email address ${account.email} is not verified yet, so invitations to it cannot be accepted. This server sends no mail: see how to verify it.`,
    );
    expect(await page.getByText('open the link we mailed you').count()).toBe(0);
    // The welcome does not cover the line above the page.
    const [toastBox, bannerBox] = [await welcome.boundingBox(), await banner.boundingBox()];
    expect(toastBox && bannerBox && (toastBox.y >= bannerBox.y + bannerBox.height || toastBox.y + toastBox.height <= bannerBox.y)).toBe(true);
    // Signed-in users never see the floating sign-up card.
    expect(await page.getByRole('region', { name: 'Sign in or create an account' }).count()).toBe(0);
  });

  it('stays signed in across a reload, then signs out', async () => {
    await page.reload();
    await sidebar().getByText(account.name).waitFor();
    await sidebar().getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out').waitFor();
    await sidebar().getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await sidebar().getByText(account.name).count()).toBe(0);
  });

  it('a sign-up with a taken address signs nobody in and names no account', async () => {
    await openSignIn();
    await dialog().getByRole('tab', { name: 'Create account' }).click();
    await dialog().getByLabel('Name').fill('Someone Else');
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password').fill('another-long-password');
    await dialog().getByRole('button', { name: 'Create account' }).click();
    await dialog()
      .getByText(
        `No new account was made for ${account.email}. If the address is yours, sign in instead. This server sends no mail, so for a forgotten password ask its administrator.`,
      )
      .waitFor();
    expect(await sidebar().getByText('Someone Else').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it('shows "Wrong email or password." for a wrong password and stays signed out', async () => {
    await openSignIn();
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password').fill('not-my-password');
    await dialog().getByRole('button', { name: 'Sign in' }).click();
    expect(await dialog().getByRole('alert').textContent()).toBe('Wrong email or password.');
    expect(await sidebar().getByText(account.name).count()).toBe(0);
  });

  it('signs in with the right password', async () => {
    await dialog().getByLabel('Password').fill(account.password);
    await dialog().getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Signed in as ${account.name}`).waitFor();
    await sidebar().getByText(account.name).waitFor();
    expect(await dialog().count()).toBe(0);
  });
});
