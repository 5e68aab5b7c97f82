// The bug report in Chromium, by keyboard only, against a server filing in the Linear fake: the
// sidebar's "Report a bug" opens the modal with focus in the description (its ring visible),
// Tab reaches Submit (its outline visible), Enter files the report and the issue opens in a new
// tab; Escape closes the modal and focus goes back to the button that opened it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinearFake } from '../fakes/linear';
import { startE2E, type E2E } from './support';

let e2e: E2E;
let linear: Awaited<ReturnType<typeof startLinearFake>>;
let page: Page;
beforeAll(async () => {
  linear = await startLinearFake({ apiKey: 'lin_e2e_key', teamId: 'team-e2e', issuesAtSelf: true });
  e2e = await startE2E({
    env: {
      BUG_REPORT_TRACKER: 'linear',
      BUG_REPORT_HOOK: 'e2e-bug-report-hook-0123',
      BUG_REPORT_LINEAR_API_KEY: 'lin_e2e_key',
      BUG_REPORT_LINEAR_TEAM_ID: 'team-e2e',
      BUG_REPORT_LINEAR_API_URL: `${linear.url}/graphql`,
    },
  });
  page = await e2e.page();
  await page.goto('/');
  await page.getByLabel('Ask anything').waitFor();
});
afterAll(async () => {
  await e2e?.close();
  await linear?.close();
});

const focused = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
const styleOfFocused = (p: Page) =>
  p.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { outline: s.outlineStyle, shadow: s.boxShadow };
  });

describe('the bug report, by keyboard', () => {
  it('files a report and opens the issue in a new tab', async () => {
    const opener = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Report a bug' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    const text = dialog.getByRole('textbox', { name: 'What went wrong?' });
    await text.waitFor();
    expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await styleOfFocused(page)).shadow).not.toBe('none');
    expect(await dialog.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);

    await page.keyboard.type('The answer stops halfway');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Submit');
    expect((await styleOfFocused(page)).outline).toBe('solid');
    const tab = page.context().waitForEvent('page');
    await page.keyboard.press('Enter');
    const issue = await tab;
    await issue.waitForLoadState();
    expect(issue.url()).toBe(`${linear.url}/issue/BUG-1`);
    await issue.close();
    await dialog.waitFor({ state: 'detached' });
    expect(linear.issues).toEqual([expect.objectContaining({ teamId: 'team-e2e', title: 'The answer stops halfway' })]);
    expect(linear.issues[0]!.description).toContain(`- **Page**: ${e2e.url}/`);
  });

  it('Escape closes it and gives focus back to Report a bug', async () => {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Report a bug' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report a bug' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Report a bug');
  });
});
