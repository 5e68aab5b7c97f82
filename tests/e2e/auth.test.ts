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
    await dialog().getByRole('button', { name: 'Create account' }).click();

    await page.getByText(`Welcome, ${account.name}! Your account is ready.`).waitFor();
    await sidebar().getByText(account.name).waitFor();
    expect(await dialog().count()).toBe(0);
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
