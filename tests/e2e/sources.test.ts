// Check sources in the browser against the real server (offline model): the side sheet checks
// the answer and finds its sentences, copied from the user guide, supported; the owner removes a
// source from the citation list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
  // Removing sources is for signed-in owners: ask as a new account.
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Grace', email: 'grace-sources@example.com' });
});
afterAll(() => e2e?.close());

const QUESTION = 'how do I share a thread?';

describe('check sources', () => {
  it('opens the side sheet, shows "N sources" and a Supported verdict', async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const entry = page.getByRole('article', { name: QUESTION });
    await entry.getByRole('button', { name: 'Check sources' }).click({ timeout: 15_000 });

    const sheet = page.getByRole('dialog', { name: 'Check sources' });
    await sheet.getByRole('heading', { name: /^\d+ sources?$/ }).waitFor({ timeout: 10_000 });
    expect(await sheet.getAttribute('data-sheet')).toBe('right');
    const rows = sheet.getByRole('list', { name: 'Cited sentences' }).getByRole('listitem');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await sheet.getByText('Supported', { exact: true }).count()).toBeGreaterThan(0);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('the owner removes a source from the citation list: Remove needs a selection; the count drops', async () => {
    const entry = page.getByRole('article', { name: QUESTION });
    const opener = entry.getByRole('button', { name: /^\d+ sources?, open the citation list$/ });
    const before = Number((await opener.getAttribute('aria-label'))!.split(' ')[0]);
    const list = page.getByRole('dialog', { name: /^\d+ sources?$/ });
    await opener.click();
    await list.waitFor();
    const remove = list.getByRole('button', { name: 'Remove sources' });
    expect(await remove.isDisabled()).toBe(true);
    await list.getByRole('checkbox').first().check();
    await list.getByRole('button', { name: 'Remove 1 source' }).click();
    await page.getByText('Removed 1 source').waitFor();
    await list.waitFor({ state: 'detached' });
    await entry
      .getByRole('button', { name: `${before - 1 === 0 ? 'No sources' : `${before - 1} source${before - 1 === 1 ? '' : 's'}`}, open the citation list` })
      .waitFor();
  });
});
