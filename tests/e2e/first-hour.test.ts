// The first hour on a fresh install (no SMTP, no Stripe, no SearXNG, no model): the first
// administrator verifies their address with the code the server printed in its log, reads a
// kept mail's link as a link, and hands a person who forgot their password a reset link, which
// sets a new one and signs the person out on their other device.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpThroughApi, startE2E, type E2E } from './support';

const admin = { name: 'Root Admin', email: `root-${Date.now()}@example.com`, password: 'a-good-long-password' };
const person = { name: 'Pat Person', email: `pat-${Date.now()}@example.com` };
let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E({ env: { ADMIN_EMAILS: admin.email, LOG_LEVEL: 'info' } });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
});

/** The latest one-time code the server's log printed for `email`. */
const codeInLog = (email: string) => [...e2e.logs().matchAll(/One-time code to verify (\S+): (\d{8})/g)].filter((m) => m[1] === email).at(-1)?.[2];

describe('the first hour on a fresh install', () => {
  it('the first administrator verifies their address with the code printed in the server’s log', async () => {
    await page.goto('/');
    await signUp(page, admin);
    await page.getByRole('status').filter({ hasText: 'This server sends no mail' }).getByRole('link', { name: 'see how to verify it' }).click();
    const form = page.getByRole('form', { name: 'Verify your address with a code' });
    await form.getByText('the terminal running make start').waitFor();
    await expect.poll(() => codeInLog(admin.email)).toMatch(/^\d{8}$/);
    await form.getByLabel('Enter the code printed in the server’s log').fill(codeInLog(admin.email)!);
    await form.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('form', { name: 'Make a password reset link' }).waitFor();
    expect(await page.getByRole('form', { name: 'Verify your address with a code' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Verify your email address' }).count()).toBe(0);
  });

  it('hands a person who forgot their password a one-time link; it sets a new one and signs them out elsewhere', async () => {
    const personPage = await e2e.page();
    await personPage.goto('/');
    await signUpThroughApi(personPage, person);
    await personPage.goto('/forgot-password');
    await personPage.getByText('Ask its administrator for a reset link').waitFor();

    // The person's verification mail, kept on the server: its link is a link.
    await page.goto('/mail');
    const mail = page.getByRole('article', { name: 'Verify your email address' }).filter({ hasText: `To ${person.email}` });
    expect(await mail.getByRole('link', { name: /\/verify-email\?token=/ }).getAttribute('href')).toMatch(new RegExp(`^${e2e.url}/verify-email\\?token=`));

    const form = page.getByRole('form', { name: 'Make a password reset link' });
    await form.getByLabel('Account email').fill(person.email);
    await form.getByRole('button', { name: 'Make a link' }).click();
    const link = await form.getByLabel('Reset link').inputValue();
    expect(link).toMatch(new RegExp(`^${e2e.url}/reset-password\\?token=`));

    const elsewhere = await e2e.page();
    await elsewhere.goto(link);
    await elsewhere.getByRole('form', { name: 'Choose a new password' }).getByLabel('New password', { exact: true }).fill('handed-over-password');
    await elsewhere.getByRole('button', { name: 'Save the new password' }).click();
    await elsewhere.getByText('Your password is changed and every device was signed out.').waitFor();
    await personPage.goto('/');
    await personPage.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
