// OneDrive and SharePoint in the browser, against a fake of Microsoft's OAuth server and Graph on
// 127.0.0.1: both connected from the connectors page; a OneDrive file picked; then SharePoint's site
// selector, whose list pages in as it is scrolled (the browser's IntersectionObserver), searched by
// name, a site chosen, and a folder of its library picked and synced to Ready.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeGraph } from '../fakes/oauth/microsoft-graph';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider';
import { startE2E, signUpThroughApi, type E2E } from './support';

const CLIENT = { clientId: 'e2e-ms-client', clientSecret: 'e2e-ms-secret-4321' };
let e2e: E2E;
let page: Page;
let microsoft: OAuthFake;
const graph = createFakeGraph('drive-1');

beforeAll(async () => {
  graph.put({ id: 'drive-root', name: 'root', parent: null, folder: true });
  graph.put({ id: 'minutes', name: 'minutes.txt', parent: 'drive-root', content: 'The board met on Tuesday.' });
  graph.put({ id: 'policies', name: 'Policies', parent: 'drive-root', folder: true });
  graph.put({ id: 'travel', name: 'travel.md', parent: 'policies', content: '# Travel\n\nBook trains for trips under five hours.', mimeType: 'text/markdown' });
  // More sites than one page of the server's site list (100): the second comes as the list is scrolled.
  graph.state.sites = Array.from({ length: 105 }, (_, i) => ({
    id: `site-${i}`,
    displayName: i === 104 ? 'Handbook' : `Team ${String(i).padStart(3, '0')}`,
    webUrl: `https://contoso.sharepoint.example/sites/${i}`,
  }));
  graph.state.drives.set('site-104', [{ id: 'drive-1', name: 'Documents' }]);
  microsoft = await startOAuthFake({ family: 'microsoft', ...CLIENT, api: graph.api });
  e2e = await startE2E({
    env: {
      CONNECTOR_MICROSOFT_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_MICROSOFT_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_MICROSOFT_BASE_URL: microsoft.url,
    },
  });
  page = await e2e.page();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await microsoft?.close();
});

async function connect(label: string, name: string) {
  await page.goto('/account/connectors');
  await page.getByRole('listitem', { name: label }).getByRole('button', { name: 'Connect' }).click();
  await page
    .getByRole('dialog', { name: `Connect ${label}` })
    .getByRole('button', { name: 'Connect' })
    .click();
  await page.waitForURL((u) => u.pathname === '/account/connectors' && u.searchParams.get('connected') === name);
}

async function addFrom(label: string) {
  await page.goto('/account/files');
  await page.getByRole('button', { name: 'Add files' }).first().click();
  await page.getByRole('menuitem', { name: label }).click();
}

describe('OneDrive and SharePoint in the browser', () => {
  it('picks from OneDrive, and from a SharePoint site chosen in the site selector', { timeout: 150_000 }, async () => {
    await page.goto('/library');
    await signUpThroughApi(page, { name: 'Mia', email: `mia-${Date.now()}@example.com` });
    // SharePoint is for members of an organisation.
    const made = await page.evaluate(
      async () => (await fetch('/rest/organizations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Mia Ltd"}' })).status,
    );
    expect(made).toBe(201);
    await connect('OneDrive', 'onedrive');
    await connect('SharePoint', 'sharepoint');

    await addFrom('OneDrive');
    const onedrive = page.getByRole('dialog', { name: 'Add from OneDrive' });
    await onedrive.getByRole('checkbox', { name: 'Pick minutes.txt' }).check();
    await onedrive.getByRole('button', { name: 'Sync 1 item' }).click();
    const table = page.getByRole('region', { name: 'Synced files' });
    await table.getByRole('row').filter({ hasText: 'minutes.txt' }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 60_000 });

    await addFrom('SharePoint');
    const selector = page.getByRole('dialog', { name: 'Choose a SharePoint site' });
    const sites = selector.getByRole('list', { name: 'SharePoint sites' });
    await sites.getByText('Team 000').waitFor();
    expect(await sites.getByRole('radio').count()).toBe(100);
    await expect.poll(() => selector.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // Scrolled to its end, the list loads the next page.
    await sites.getByText('Team 099').scrollIntoViewIfNeeded();
    await sites.getByText('Handbook').waitFor();
    expect(await sites.getByRole('radio').count()).toBe(105);
    await selector.getByRole('searchbox', { name: 'Search sites' }).fill('zzz');
    await sites.getByText('No results').waitFor();
    await selector.getByRole('searchbox', { name: 'Search sites' }).fill('hand');
    await sites.getByRole('radio', { name: /Handbook/ }).check();
    await selector.getByRole('button', { name: 'Next' }).click();

    const picker = page.getByRole('dialog', { name: 'Add from SharePoint: Handbook' });
    await picker.getByRole('button', { name: 'Documents' }).click();
    await picker.getByRole('checkbox', { name: 'Pick Policies' }).check();
    await picker.getByRole('button', { name: 'Sync 1 item' }).click();
    await table.getByRole('row').filter({ hasText: 'Policies' }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 60_000 });
    await table.getByRole('button', { name: 'Policies' }).click();
    await table.getByRole('row').filter({ hasText: 'travel.md' }).getByRole('cell', { name: 'Ready' }).waitFor({ timeout: 60_000 });
  });
});
