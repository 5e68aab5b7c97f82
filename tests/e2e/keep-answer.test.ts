// "Lose your answer?": an anonymous visitor leaving an answered thread is asked once to sign up
// or log in; signing up from it keeps the answer (its expiry removed) in their library.
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

const QUESTION = 'what is a Space?';
const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });
const dialog = () => page.getByRole('dialog');

describe('keeping an anonymous answer', () => {
  it('asks "Lose your answer?" when the visitor leaves the answer, and stays on it', async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: QUESTION }).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    const threadPath = new URL(page.url()).pathname;

    await sidebar().getByRole('link', { name: 'Library' }).click();
    await dialog().getByRole('heading', { name: 'Lose your answer?' }).waitFor();
    expect(await dialog().getByText('To save this answer, sign up or log in.').isVisible()).toBe(true);
    expect(await dialog().getByRole('button', { name: 'Log in to save this answer' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(threadPath);
  });

  it('"Sign up or log in" opens sign-up; after signing up the thread is kept', async () => {
    await dialog().getByRole('button', { name: 'Sign up or log in' }).click();
    await dialog().getByLabel('Name').fill('Kim Keeper');
    await dialog().getByLabel('Email').fill(`kim.${Date.now()}@example.com`);
    await dialog().getByLabel('Password').fill('correct-horse-battery');
    const slug = new URL(page.url()).pathname.split('/').pop();
    // The page removes the expiry (PUT expired=false) once its owner is signed in.
    const kept = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/rest/thread/${slug}`);
    await dialog().getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Welcome, Kim Keeper! Your account is ready.').waitFor();
    const response = await kept;
    expect(response.request().postDataJSON()).toEqual({ expired: false });
    expect(response.status()).toBe(200);
    expect((await response.json()).expiry_time).toBeNull();
  });

  it('does not ask again while the cooldown lasts', async () => {
    await sidebar().getByRole('link', { name: 'Library' }).click();
    await page.waitForURL((u) => u.pathname === '/library');
    expect(await dialog().count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Threads' }).innerText()).toContain(QUESTION);
  });
});

describe('keeping an anonymous answer by logging in to an existing account', () => {
  it('"Log in to save this answer" signs in, keeps the answer (expiry removed) and lists it in the library', async () => {
    const account = { name: 'Lee Existing', email: `lee.${Date.now()}@example.com`, password: 'correct-horse-battery' };
    const made = await fetch(`${e2e.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    expect(made.status).toBe(200);

    const visitor = await e2e.page();
    await visitor.goto('/');
    await visitor.getByLabel('Ask anything').fill(QUESTION);
    await visitor.keyboard.press('Enter');
    await visitor.getByRole('article', { name: QUESTION }).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    const slug = new URL(visitor.url()).pathname.split('/').pop();

    await visitor.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Library' }).click();
    const modal = visitor.getByRole('dialog');
    await modal.getByRole('button', { name: 'Log in to save this answer' }).click();
    await modal.getByLabel('Email').fill(account.email);
    await modal.getByLabel('Password').fill(account.password);
    const kept = visitor.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/rest/thread/${slug}`);
    await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
    const response = await kept;
    expect(response.status()).toBe(200);
    expect((await response.json()).expiry_time).toBeNull();
    expect(await visitor.getByText('Failed to remove thread expiry').count()).toBe(0);

    await visitor.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Library' }).click();
    await visitor.waitForURL((u) => u.pathname === '/library');
    await visitor.getByRole('list', { name: 'Threads' }).getByText(QUESTION).waitFor();
    await visitor.context().close();
  });
});
