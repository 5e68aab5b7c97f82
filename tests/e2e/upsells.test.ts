// Upsells in the browser against the real server (seed 002 §4 "Upsell click handling"): a
// catalogue with one upsell of each kind at the places named, and a click of each kind doing its
// action; a clicked upsell is marked and not shown again.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmFake } from '../fakes/llm';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { signUp, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
// Billing on: the paywall upsells are served only where plans can be bought.
let stripe: StripeFake;
const errors: string[] = [];

const CATALOGUE = [
  {
    name: 'browser_news',
    upsell_type: 'image_announcement',
    app_location: 'modal',
    title: 'Meet the browser',
    description: 'Answers wherever you browse.',
    button_text: 'Take a look',
    image_asset: '/upsell-test/full.png',
    image_asset_low_res: '/upsell-test/low.png',
    icon_reference: 'comet_download',
  },
  {
    name: 'welcome_back',
    upsell_type: 'login',
    app_location: 'side_card',
    title: 'Welcome back',
    button_text: 'Pick up where you left off',
    impression_counter: 'welcome_back',
  },
  { name: 'pro_upgrade', upsell_type: 'pro_upgrade', app_location: 'sidebar', title: 'Upgrade to Pro', button_text: 'See plans', button_color: 'primary' },
  { name: 'teams', upsell_type: 'enterprise_upgrade', app_location: 'sidebar', title: 'For your team', button_text: 'Team plans', button_color: 'inverted' },
  { name: 'keep_in_space', upsell_type: 'thread_to_space', app_location: 'in_thread', title: 'Keep this in a Space', button_text: 'New Space' },
  {
    name: 'auto_upgrade_to_pro',
    upsell_type: 'rewrite_answer',
    app_location: 'in_thread_bottom',
    title: 'Want a deeper answer?',
    button_text: 'Rewrite with Pro',
    button_color: 'max_gold',
  },
  {
    name: 'calendar',
    upsell_type: 'connector',
    app_location: 'in_thread_input',
    title: 'Bring your calendar',
    button_text: 'Connect calendar',
    connector_type: 'google_calendar',
  },
  {
    name: 'fax',
    upsell_type: 'connector',
    app_location: 'in_thread_input',
    title: 'Bring your fax',
    button_text: 'Connect fax',
    connector_type: 'fax',
  },
  {
    name: 'merge_drive',
    upsell_type: 'merge_auth_connector',
    app_location: 'in_thread_input',
    title: 'Search your drive',
    button_text: 'Link drive',
    connector_type: 'box',
  },
  {
    name: 'spaces_tour',
    upsell_type: 'permalink',
    app_location: 'in_thread_input',
    title: 'Spaces keep research together',
    button_text: 'See Spaces',
    cta_information: { permalink: '/spaces', permalink_new_tab: false },
  },
  {
    name: 'guide_tab',
    upsell_type: 'set_default_browser',
    app_location: 'in_thread_input',
    title: 'Make it your default',
    button_text: 'How to',
    cta_information: { permalink: '/help', permalink_new_tab: true },
  },
  {
    name: 'weekly_digest',
    upsell_type: 'shortcut',
    app_location: 'in_thread_input',
    title: 'Try a shortcut',
    button_text: 'Open shortcut',
    recommended_shortcut: { name: 'Weekly digest', prompt: 'what changed in the user guide this week?' },
  },
  {
    name: 'student_space',
    upsell_type: 'student_verification',
    app_location: 'in_thread_input',
    title: 'Studying?',
    button_text: 'Verify',
    impression_counter: 'student_space',
  },
];

beforeAll(async () => {
  llm = await startLlmFake({ chunks: ['A short answer.'] });
  stripe = await startStripeFake();
  const file = join(mkdtempSync(join(tmpdir(), 'upsells-e2e-')), 'upsells.json');
  writeFileSync(file, JSON.stringify(CATALOGUE));
  e2e = await startE2E({
    env: {
      ...stripe.env(),
      UPSELLS_FILE: file,
      LLM_BASE_URL: `${llm.url}/v1`,
      LLM_MODEL: 'fake-model',
      LLM_MODELS: 'fake-model=Fake,pplx_pro=Pro',
      LLM_API_KEY: 'k',
    },
  });
  page = await e2e.page();
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
});
afterAll(async () => {
  await e2e?.close();
  await llm?.close();
  await stripe?.close();
});

const card = (title: string) => page.getByRole('region', { name: title });
const account = { name: 'Uma Upsell', email: `uma-${Date.now()}@example.com`, password: 'a-good-long-password' };

describe('upsell clicks', () => {
  it('image announcement: the modal place opens it, its button opens the announcement, whose download does the download action', async () => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Meet the browser' }).waitFor();
    await dialog.getByRole('button', { name: 'Take a look' }).click();
    const announcement = page.getByRole('dialog', { name: 'Meet the browser' });
    expect(await announcement.locator('img').first().getAttribute('src')).toBe('/upsell-test/low.png');
    await announcement.getByRole('button', { name: 'Take a look' }).click();
    // No download link configured: the browser download instructions (until downloads land).
    await page.getByRole('dialog', { name: 'Download the browser' }).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('heading', { name: 'What do you want to know?' }).waitFor();
    await card('Welcome back').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('login: the visitor’s side card opens the login prompt with its title', async () => {
    await card('Welcome back').getByRole('button', { name: 'Pick up where you left off' }).click();
    await page.getByRole('dialog', { name: 'Welcome back' }).getByRole('tab', { name: 'Create account' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => card('Welcome back').count()).toBe(0);
  });

  it('pricing: a signed-in person’s sidebar card goes to /max/payment, the enterprise one with segment business', async () => {
    await signUp(page, account);
    // What the visitor clicked stays clicked for the account they signed up for.
    await page.reload();
    await page.getByLabel('Ask anything').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('region', { name: 'For your team' }).getByRole('button', { name: 'Team plans' }).click();
    await page.waitForURL((u) => u.pathname === '/max/payment' && u.searchParams.get('segment') === 'business');
    await page.goto('/');
    await sidebar.getByRole('region', { name: 'Upgrade to Pro' }).getByRole('button', { name: 'See plans' }).click();
    await page.waitForURL((u) => u.pathname === '/max/payment' && !u.search);
    await page.goto('/');
    await page.getByLabel('Ask anything').waitFor();
    expect(await sidebar.getByRole('region').count()).toBe(0);
  });

  it('rewrite answer: asks the thread’s question again with the Pro model', async () => {
    await page.getByLabel('Ask anything').fill('how do I share a thread?');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    await card('Want a deeper answer?').getByRole('button', { name: 'Rewrite with Pro' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'how do I share a thread?' }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => llm.requests.filter((r) => r.stream).map((r) => r.model)).toEqual(['fake-model', 'pplx_pro']);
  });

  it('connector: the calendar connects again, merge auth opens the connect modal, an unknown type is logged', async () => {
    // The test server has no Google client: starting the calendar's connection says so plainly.
    await card('Bring your calendar').getByRole('button', { name: 'Connect calendar' }).click();
    await page.getByText('Gmail with Calendar is not set up on this server').first().waitFor();
    await card('Search your drive').getByRole('button', { name: 'Link drive' }).click();
    await page.getByRole('dialog', { name: 'Connect Box' }).waitFor();
    await page.keyboard.press('Escape');
    await card('Bring your fax').getByRole('button', { name: 'Connect fax' }).click();
    await page.getByText('This server does not offer that connector.').first().waitFor();
    expect(errors.filter((e) => e.startsWith('Unhandled upsell connector type'))).toEqual(['Unhandled upsell connector type: fax']);
  });

  it('student verification: a modal says plainly that this server, listing no school domains, verifies no students', async () => {
    await card('Studying?').getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Student verification' });
    await dialog.getByText('This server does not verify students: its operator lists no school email domains.').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('set default browser with a new-tab permalink opens it in a new tab', async () => {
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card('Make it your default').getByRole('button', { name: 'How to' }).click()]);
    await tab.waitForURL((u) => u.pathname === '/help');
    await tab.close();
  });

  it('thread to Space: opens the create modal for this thread', async () => {
    await card('Keep this in a Space').getByRole('button', { name: 'New Space' }).click();
    await page.getByRole('dialog', { name: 'Create a Space' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('shortcut: a modal filled with its name and prompt, which asks the prompt now', async () => {
    await card('Try a shortcut').getByRole('button', { name: 'Open shortcut' }).click();
    const dialog = page.getByRole('dialog', { name: 'Try a shortcut' });
    expect(await dialog.getByLabel('Shortcut name').inputValue()).toBe('Weekly digest');
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe('what changed in the user guide this week?');
    await dialog.getByRole('button', { name: 'Ask now' }).click();
    await page.getByRole('article', { name: 'what changed in the user guide this week?' }).waitFor({ timeout: 15_000 });
  });

  it('permalink in the same tab: goes there; every clicked upsell stays gone', async () => {
    await page.goBack();
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new');
    await card('Spaces keep research together').getByRole('button', { name: 'See Spaces' }).click();
    await page.waitForURL((u) => u.pathname === '/spaces');
    await page.goBack();
    await page.getByRole('article').first().waitFor();
    await page.getByLabel('Ask a follow-up').waitFor();
    // The list shown from the cache is refetched on return: the clicked ones are gone.
    await expect.poll(() => page.locator('[data-upsell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-upsell')))).toEqual([]);
  });
});
