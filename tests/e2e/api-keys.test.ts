// /account/api in the browser: a key is created with a name, its secret shown once in the dialog
// and copied, it answers GET /v1/models, the list shows it by its prefix only (never the secret),
// and once revoked it is refused.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page({ permissions: ['clipboard-read', 'clipboard-write'] });
});
afterAll(() => e2e?.close());

const models = (secret: string) => page.evaluate(async (key) => (await fetch('/v1/models', { headers: { authorization: `Bearer ${key}` } })).status, secret);

describe('API keys on /account/api', () => {
  it('creates a key shown once with Copy, lists it by its prefix, and revokes it', async () => {
    await page.goto('/');
    await signUpThroughApi(page, { name: 'Ivy Api', email: `ivy-${Date.now()}@example.com` });
    await page.goto('/account/api');
    await page.getByText('You have no API keys yet.').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Notebook');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const shown = dialog.getByLabel('New API key');
    const secret = await shown.inputValue();
    expect(secret).toMatch(/^aek-[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Key copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Listed by name and prefix; the secret is on the page no more.
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem', { name: 'Notebook' });
    await row.getByText(secret.slice(0, 12)).waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await models(secret)).toBe(200);
    await page.reload();
    await row.getByText(/This month: 1 requests/).waitFor();

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('(revoked)').waitFor();
    expect(await models(secret)).toBe(401);
  });
});
