// The providers' own pickers in the browser (issue 32), against fakes on 127.0.0.1: with Dropbox's
// Chooser configured (its script from a fake served here), Add files > Dropbox opens the Chooser,
// not our picker; closing it is a cancel; the file chosen there syncs to Ready. With the script's server gone, the same
// menu item falls back to our picker over Dropbox's API, saying so in one quiet line.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDropbox } from '../fakes/oauth/dropbox';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider';
import { startPickerScripts } from '../fakes/pickers/scripts';
import { startE2E, signUpThroughApi, type E2E } from './support';

const CLIENT = { clientId: 'e2e-dropbox-client', clientSecret: 'e2e-dropbox-secret-4321' };
let e2e: E2E;
let page: Page;
let fake: OAuthFake;
let scripts: Awaited<ReturnType<typeof startPickerScripts>>;
const dropbox = createFakeDropbox();

beforeAll(async () => {
  dropbox.put({ id: 'id:honey', path: '/honey.txt', content: 'The spring honey set hard in three weeks.' });
  dropbox.put({ id: 'id:wax', path: '/wax.md', content: 'Render the cappings wax twice.' });
  fake = await startOAuthFake({ family: 'dropbox', ...CLIENT, api: dropbox.api });
  scripts = await startPickerScripts({ dropbox: [{ id: 'id:honey', name: 'honey.txt' }] });
  e2e = await startE2E({
    env: {
      CONNECTOR_DROPBOX_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_DROPBOX_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_DROPBOX_BASE_URL: fake.url,
      CONNECTOR_DROPBOX_CHOOSER_APP_KEY: 'e2e-chooser-key',
      CONNECTOR_DROPBOX_CHOOSER_SCRIPT_URL: `${scripts.url}/dropins.js`,
      CONNECTOR_CALL_SPACING_MS: '20',
    },
  });
  page = await e2e.page();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
  await scripts?.close();
});

describe("Dropbox's own picker in the browser", () => {
  it('the Chooser picks a file that syncs to Ready; with its script unreachable, our picker shows instead', { timeout: 60_000 }, async () => {
    await page.goto('/library');
    await signUpThroughApi(page, { name: 'Bea', email: `bea-${Date.now()}@example.com` });
    await page.goto('/account/connectors');
    await page.getByRole('listitem', { name: 'Dropbox', exact: true }).getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('dialog', { name: 'Connect Dropbox' }).getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL((u) => u.pathname === '/account/connectors' && u.searchParams.get('connected') === 'dropbox');

    const browsed: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/rest/connectors/dropbox/browse') browsed.push(r.url());
    });
    await page.goto('/account/files');
    await page.getByRole('button', { name: 'Add files' }).first().click();
    await page.getByRole('menuitem', { name: 'Dropbox' }).click();
    const chooser = page.getByRole('dialog', { name: 'Dropbox Chooser' });
    // Closed without choosing: a cancel, and nothing falls back.
    await chooser.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Add from Dropbox' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add files' }).first().click();
    await page.getByRole('menuitem', { name: 'Dropbox' }).click();
    await chooser.getByRole('checkbox', { name: 'Choose honey.txt' }).check();
    await chooser.getByRole('button', { name: 'Choose' }).click();
    await page.getByText("You'll receive an email when the sync is complete").waitFor();
    // Our picker never browsed: the Chooser chose.
    expect(browsed).toEqual([]);
    const table = page.getByRole('region', { name: 'Synced files' });
    await table.getByRole('row').filter({ hasText: 'honey.txt' }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 30_000 });

    // The script's server is gone: the same menu item shows our picker, saying why in one line.
    await scripts.close();
    await page.reload();
    await page.getByRole('button', { name: 'Add files' }).first().click();
    await page.getByRole('menuitem', { name: 'Dropbox' }).click();
    const ours = page.getByRole('dialog', { name: 'Add from Dropbox' });
    await ours.getByText("Dropbox's own picker did not open, so your files are shown here instead.").waitFor();
    await ours.getByRole('checkbox', { name: 'Pick wax.md' }).check();
    expect(browsed.length).toBeGreaterThan(0);
    await ours.getByRole('button', { name: 'Sync 1 item' }).click();
    await table.getByRole('row').filter({ hasText: 'wax.md' }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 30_000 });
  });
});
