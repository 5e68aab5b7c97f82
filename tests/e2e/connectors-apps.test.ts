// Apps and the other file sources in the browser, one server and one browser against fakes of each
// provider's OAuth server and API on 127.0.0.1: a connection cancelled at the provider comes back
// without an error; Notion, GitHub and Slack connected answer from a page, an issue and a message,
// each cited with its source; Notion disconnected leaves answers; a Dropbox folder picked syncs to
// Ready; Box's picker, whose key has expired, gets a new key before it opens, and a file picked
// from it syncs to Ready.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeBox } from '../fakes/oauth/box';
import { createFakeDropbox } from '../fakes/oauth/dropbox';
import { createFakeGitHub } from '../fakes/oauth/github';
import { createFakeNotion } from '../fakes/oauth/notion';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider';
import { createFakeSlack } from '../fakes/oauth/slack';
import { askForSources, askUntilCited, startE2E, signUpThroughApi, type E2E } from './support';

const CLIENTS = {
  notion: { clientId: 'e2e-notion-client', clientSecret: 'e2e-notion-secret-4321' },
  github: { clientId: 'e2e-github-client', clientSecret: 'e2e-github-secret-4321' },
  slack: { clientId: 'e2e-slack-client', clientSecret: 'e2e-slack-secret-4321' },
  dropbox: { clientId: 'e2e-dropbox-client', clientSecret: 'e2e-dropbox-secret-4321' },
  box: { clientId: 'e2e-box-client', clientSecret: 'e2e-box-secret-4321' },
};
type Family = keyof typeof CLIENTS;
let e2e: E2E;
let page: Page;
const fakes = {} as Record<Family, OAuthFake>;
const notion = createFakeNotion();
const github = createFakeGitHub();
const slack = createFakeSlack();
const dropbox = createFakeDropbox();
const box = createFakeBox();

beforeAll(async () => {
  notion.page({
    id: 'hive-plan',
    title: 'Hive inspection plan',
    parent: { type: 'workspace', workspace: true },
    blocks: [{ id: 'b1', type: 'paragraph', text: 'Inspect the brood nest every nine days during swarm season.' }],
  });
  github.repo('ada/apiary', { private: true });
  github.issue('ada/apiary', { number: 7, title: 'Queen cups on frame four', body: 'Found three queen cups on frame four of the walnut hive.' });
  slack.channel({ id: 'C-bees', name: 'beekeeping', members: ['U-ada'] });
  slack.users.set('U-ada', { name: 'ada', real_name: 'Ada Lovelace' });
  slack.post('C-bees', { user: 'U-ada', text: 'The oxalic vaporiser is on the shelf above the smoker.' });
  dropbox.put({ id: 'id:recipes', path: '/Recipes', folder: true });
  dropbox.put({ id: 'id:bread', path: '/Recipes/bread.txt', content: 'Let the dough rise twice before baking the bread.' });
  box.put({ id: '0', type: 'folder', name: 'All Files', parent: null, owner: 'person@provider.example' });
  box.put({ id: '10', type: 'folder', name: 'Contracts', parent: '0', owner: 'person@provider.example' });
  box.put({ id: '20', type: 'file', name: 'lease.txt', parent: '10', owner: 'person@provider.example', content: 'The lease runs for three years.' });
  const apis = { notion: notion.api, github: github.api, slack: slack.api, dropbox: dropbox.api, box: box.api };
  // The fakes take any pace: the providers' documented ones (Slack's 1.2 s a call) would only make the test wait.
  const env: Record<string, string> = { CONNECTOR_CALL_SPACING_MS: '20' };
  for (const family of Object.keys(CLIENTS) as Family[]) {
    fakes[family] = await startOAuthFake({ family, ...CLIENTS[family], api: apis[family] });
    const key = family.toUpperCase();
    env[`CONNECTOR_${key}_CLIENT_ID`] = CLIENTS[family].clientId;
    env[`CONNECTOR_${key}_CLIENT_SECRET`] = CLIENTS[family].clientSecret;
    env[`CONNECTOR_${key}_BASE_URL`] = fakes[family].url;
  }
  fakes.slack.state.account = { id: 'U-ada', email: 'ada@slack.example', name: 'ada' };
  e2e = await startE2E({ env });
  page = await e2e.page();
  await page.goto('/library');
  await signUpThroughApi(page, { name: 'Ada', email: `ada-apps-${Date.now()}@example.com` });
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  for (const fake of Object.values(fakes)) await fake?.close();
});

const row = (label: string) => page.getByRole('listitem', { name: label, exact: true });

/** From the connectors page to the provider (which approves, or cancels when told) and back. */
async function startConnecting(label: string) {
  await page.goto('/account/connectors');
  await row(label).getByRole('button', { name: 'Connect' }).click();
  await page
    .getByRole('dialog', { name: `Connect ${label}` })
    .getByRole('button', { name: 'Connect' })
    .click();
}
async function connect(label: string, name: string) {
  await startConnecting(label);
  await page.waitForURL((u) => u.pathname === '/account/connectors' && u.searchParams.get('connected') === name);
  await row(label)
    .getByText(/^Connected as /)
    .waitFor();
}

describe('apps and the other file sources in the browser', () => {
  it('a connection cancelled at the provider comes back to the page without an error', async () => {
    fakes.github.state.cancelNext = true;
    await startConnecting('GitHub');
    // Back from the provider: the page drops the outcome from its address once it has read it.
    await page.waitForURL((u) => u.pathname === '/account/connectors' && u.search === '');
    await row('GitHub').getByText('Not connected').waitFor();
    expect(await page.getByText('Unable to start connection.').count()).toBe(0);
    expect(await page.getByText('GitHub connected').count()).toBe(0);
    expect(fakes.github.state.tokenRequests).toBe(0);
  });

  it('Notion, GitHub and Slack answer from a page, an issue and a message, each card naming its source', { timeout: 120_000 }, async () => {
    await connect('Notion', 'notion');
    await connect('GitHub', 'github');
    await connect('Slack', 'slack');

    const notionCard = await askUntilCited(page, 'How often is the brood nest inspected?', /Hive inspection plan/);
    expect(await notionCard.innerText()).toContain('www.notion.so');
    expect(await notionCard.getAttribute('href')).toBe('https://www.notion.so/hive-plan');

    const issueCard = await askUntilCited(page, 'Where were the queen cups found?', /#7 Queen cups on frame four/);
    expect(await issueCard.innerText()).toContain('github.com');
    expect(await issueCard.getAttribute('href')).toBe('https://github.com/ada/apiary/issues/7');

    const slackCard = await askUntilCited(page, 'Where is the oxalic vaporiser?', /acme\.slack\.com/);
    expect(await slackCard.getAttribute('href')).toMatch(/^https:\/\/acme\.slack\.com\/archives\/C-bees\/p\d+$/);
  });

  it('Notion disconnected on the connectors page: its page leaves the answers', { timeout: 60_000 }, async () => {
    await page.goto('/account/connectors');
    await row('Notion').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Notion disconnected').waitFor();
    await row('Notion').getByText('Not connected').waitFor();
    await expect
      .poll(async () => (await askForSources(page, 'How often is the brood nest inspected?')).filter({ hasText: /Hive inspection plan/ }).count(), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0);
    // The other apps still answer.
    await askUntilCited(page, 'Where were the queen cups found?', /#7 Queen cups on frame four/);
  });

  const table = () => page.getByRole('region', { name: 'Synced files' });
  const ready = (name: string) => table().getByRole('row').filter({ hasText: name }).getByRole('cell', { name: 'Ready' });
  async function openAddFiles() {
    await page.goto('/account/files');
    await page.getByRole('button', { name: 'Add files' }).first().click();
  }

  it('Dropbox: a folder picked in the picker syncs to Ready, with its file', { timeout: 90_000 }, async () => {
    await connect('Dropbox', 'dropbox');
    await openAddFiles();
    await page.getByRole('menuitem', { name: 'Dropbox' }).click();
    const picker = page.getByRole('dialog', { name: 'Add from Dropbox' });
    await picker.getByRole('checkbox', { name: 'Pick Recipes' }).check();
    await picker.getByRole('button', { name: 'Sync 1 item' }).click();
    await ready('Recipes').waitFor({ timeout: 60_000 });
    await table().getByRole('button', { name: 'Recipes' }).click();
    await ready('bread.txt').waitFor({ timeout: 60_000 });
  });

  it('Box: an expired picker key is refreshed before the picker opens; a file picked syncs to Ready', { timeout: 90_000 }, async () => {
    await connect('Box', 'box');
    // What the page asks of the server, in order: a new picker key, or the picker's first page.
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/rest/connectors/box/picker') asked.push('key');
      if (path === '/rest/connectors/box/browse') asked.push('browse');
    });
    const picker = page.getByRole('dialog', { name: 'Add from Box' });
    const openPicker = async () => {
      await page.getByRole('button', { name: 'Add files' }).first().click();
      // Box is a submenu, opened from the keyboard (a pointer crossing the menu may close it on the way).
      await page.getByRole('menuitem', { name: 'Box', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByRole('menuitem', { name: 'Upload files' }).evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await picker.getByRole('list', { name: 'Box items' }).getByRole('button', { name: 'Contracts' }).waitFor();
    };
    // Box hands out a key already past its expiry.
    fakes.box.state.exchangeTtlSeconds = 0;
    await page.goto('/account/files');
    await openPicker();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    fakes.box.state.exchangeTtlSeconds = 3600;
    // Opened again in the same page: the expired key is replaced before the picker opens; the new one serves the next opening.
    await openPicker();
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await openPicker();
    expect(asked).toEqual(['key', 'browse', 'key', 'browse', 'browse']);
    expect(fakes.box.state.exchangedScopes).toEqual(['base_picker item_preview', 'base_picker item_preview']);
    expect(await page.getByText('Box is not responding. Please try again later.').count()).toBe(0);

    // 'Upload files' picks files only.
    expect(await picker.getByRole('checkbox', { name: 'Pick Contracts' }).isDisabled()).toBe(true);
    await picker.getByRole('button', { name: 'Contracts' }).click();
    await picker.getByRole('checkbox', { name: 'Pick lease.txt' }).check();
    await picker.getByRole('button', { name: 'Sync 1 item' }).click();
    await ready('lease.txt').waitFor({ timeout: 60_000 });
    page.removeAllListeners('request');
  });
});
