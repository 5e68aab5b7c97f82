// Signing in with an OpenID Connect provider in the browser: the sign-in screen's button for the
// configured provider, the provider's own login page (oidc-provider on 127.0.0.1), and back in
// the app signed in, with a new account; that account, which has no password, sets one; and the
// one-tap prompt's button for the same provider, shown to a signed-out visitor.
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CLIENT, startOidcProvider } from '../fakes/oidc';
import { databaseOf } from '../support/mailbox';
import { freePort } from '../support/ports';
import { startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const person = { sub: 'e2e-person', email: `iris-${Date.now()}@example.com`, email_verified: true, name: 'Iris Provider', password: 'iris-idp-pass' };

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/oidc`], users: [person] });
  e2e = await startE2E({
    port,
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret, OIDC_NAME: 'Test Provider' },
  });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await provider?.close();
});

async function rows(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: databaseOf(e2e.url)! });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const sidebar = () => page.getByRole('complementary', { name: 'Sidebar' });

describe('OpenID Connect sign-in', () => {
  it('signs in at the provider from its button and lands back signed in', async () => {
    await page.goto('/library');
    await sidebar().getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue with Test Provider' }).click();

    await page.waitForURL((u) => u.origin === provider.issuer);
    await page.getByLabel('Provider email').fill(person.email);
    await page.getByLabel('Provider password').fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((u) => u.origin === e2e.url && u.pathname === '/library');
    await sidebar().getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto('/account/details');
    await page.getByText(`${person.email} (verified)`).waitFor();
    expect(await page.getByRole('form', { name: 'Your name' }).getByLabel('Name').inputValue()).toBe(person.name);
  });

  it('offers an account made by the provider "Set a password" instead of changing one, and two-factor once it has one', async () => {
    // Signed in by the test before, on /account/details.
    const setForm = page.getByRole('form', { name: 'Set a password' });
    await setForm.waitFor();
    expect(await page.getByRole('form', { name: 'Change password' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Turn on two-factor authentication' }).count()).toBe(0);
    await page.getByText('set a password above to turn it on').waitFor();

    await setForm.getByLabel('New password').fill('iris-own-password-1');
    await setForm.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
    await page.getByRole('form', { name: 'Change password' }).waitFor();
    await page.getByRole('form', { name: 'Turn on two-factor authentication' }).waitFor();
    expect(await setForm.count()).toBe(0);

    // A notice went to the address, and the address and the new password sign in.
    const notice = await rows('select subject from mail_outbox where "to" = $1 and subject = $2', [person.email, 'A password was set on your account']);
    expect(notice).toHaveLength(1);
    const other = await e2e.page();
    await other.goto('/library');
    await other.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    const dialog = other.getByRole('dialog');
    await dialog.getByLabel('Email').fill(person.email);
    await dialog.getByLabel('Password').fill('iris-own-password-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await other.getByText(`Signed in as ${person.name}`).waitFor();
  });

  it('the one-tap prompt offers the provider to a signed-out visitor and signs in from it (issue 36)', async () => {
    const visitorPage = await e2e.page();
    await visitorPage.goto('/discover');
    const prompt = visitorPage.getByRole('region', { name: 'Sign in with one tap' });
    await prompt.getByRole('button', { name: 'Continue with Test Provider' }).click();
    await visitorPage.waitForURL((u) => u.origin === provider.issuer);
    await visitorPage.getByLabel('Provider email').fill(person.email);
    await visitorPage.getByLabel('Provider password').fill(person.password);
    await visitorPage.getByRole('button', { name: 'Continue' }).click();
    await visitorPage.waitForURL((u) => u.origin === e2e.url && u.pathname === '/discover');
    await visitorPage.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await prompt.count()).toBe(0);
  });
});
