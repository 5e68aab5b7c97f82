// Google Drive in the browser, against fakes of Google's OAuth server and Drive API on 127.0.0.1:
// connect it from the connectors page (the browser goes to the provider and comes back connected),
// pick a folder in a shared drive in the picker, and watch it in the connector files table, Queued
// while Google asks to wait, then Ready, with the sync toast ending in 'Ready to search'; then
// asked about it, the answer cites the synced file.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDrive, FOLDER } from '../fakes/oauth/google-drive';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider';
import { askUntilCited, startE2E, signUpThroughApi, type E2E } from './support';

const CLIENT = { clientId: 'e2e-drive-client', clientSecret: 'e2e-drive-secret-4321' };
let e2e: E2E;
let page: Page;
let google: OAuthFake;
const drive = createFakeDrive();

beforeAll(async () => {
  drive.sharedDrives.push({ id: 'team', name: 'Team Drive' });
  drive.put({ id: 'budget', name: 'budget.csv', mimeType: 'text/csv', parents: ['my-drive'], content: 'item,cost\nhive,120' });
  drive.put({ id: 'field', name: 'Field notes', mimeType: FOLDER, parents: ['team'], driveId: 'team' });
  drive.put({
    id: 'hives',
    name: 'hives.md',
    mimeType: 'text/markdown',
    parents: ['field'],
    driveId: 'team',
    content: '# Hives\n\nTwelve hives wintered well.',
  });
  drive.put({ id: 'queens', name: 'queens.txt', mimeType: 'text/plain', parents: ['field'], driveId: 'team', content: 'Two queens were replaced in May.' });
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  e2e = await startE2E({
    env: { CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId, CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret, CONNECTOR_GOOGLE_BASE_URL: google.url },
  });
  page = await e2e.page();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await google?.close();
});

describe('Google Drive in the browser', () => {
  it('connects, picks a folder of a shared drive, watches it go from Queued to Ready, and gets an answer citing its file', { timeout: 120_000 }, async () => {
    await page.goto('/library');
    await signUpThroughApi(page, { name: 'Gus', email: `gus-${Date.now()}@example.com` });
    await page.goto('/account/connectors');
    await page.getByRole('listitem', { name: 'Google Drive' }).getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('dialog', { name: 'Connect Google Drive' }).getByRole('button', { name: 'Connect' }).click();
    // To the provider and back, connected.
    await page.waitForURL((u) => u.pathname === '/account/connectors' && u.searchParams.get('connected') === 'google_drive');
    expect(google.state.tokenRequests).toBe(1);

    await page.goto('/account/files');
    await page.getByRole('button', { name: 'Add files' }).first().click();
    await page.getByRole('menuitem', { name: 'Google Drive' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from Google Drive' });
    const items = picker.getByRole('list', { name: 'Google Drive items' });
    // The top: My Drive's files, then the shared drives.
    await items.getByText('budget.csv').waitFor();
    await items.getByRole('button', { name: 'Team Drive' }).click();
    await items.getByRole('checkbox', { name: 'Pick Field notes' }).check();
    // Google asks to wait from now on: the picked folder waits as Queued.
    drive.state.retryAfterSeconds = 1;
    drive.state.rateLimitNext = 1_000_000;
    await picker.getByRole('button', { name: 'Sync 1 item' }).click();
    await page.getByText("You'll receive an email when the sync is complete").waitFor();
    const table = page.getByRole('region', { name: 'Synced files' });
    // The picked folder is the table's one row (named by its id until Google names it).
    const row = table.getByRole('row').nth(1);
    await row.getByRole('cell', { name: 'Queued' }).waitFor({ timeout: 30_000 });
    await row.getByRole('cell', { name: 'Google Drive' }).waitFor();
    // Google answers again: the table, polled every 5 s while anything waits, reaches Ready.
    drive.state.rateLimitNext = 0;
    await row.getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 60_000 });
    expect(await table.getByRole('row').count()).toBe(2);
    await row.getByRole('button', { name: 'Field notes' }).click();
    for (const name of ['hives.md', 'queens.txt'])
      await table.getByRole('row').filter({ hasText: name }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 60_000 });
    await page.getByText('2 files synced').waitFor({ timeout: 30_000 });
    await page.getByText('Ready to search').waitFor();

    // Asked about it, the answer cites the synced file: its card reads the passage's heading and My
    // Files, and opens the file's own page.
    const card = await askUntilCited(page, 'How many hives wintered well?', /Hives[\s\S]*My Files/);
    expect(await card.getAttribute('title')).toContain('Twelve hives wintered well.');
    await page.goto((await card.getAttribute('href')) ?? '');
    await page.getByText(/^hives\.md · /).waitFor();
    await page.getByRole('list', { name: 'Passages' }).getByText('Twelve hives wintered well.').waitFor();
  });
});
