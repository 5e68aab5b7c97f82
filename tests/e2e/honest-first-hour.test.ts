// The first hour on a fresh install (issue 30, items 4-8): a server with no SearXNG, no Stripe,
// no translation server and no answer model offers only what it can do, says once what is off,
// shows no made-up figure and labels what it did truly. Then the same ask box on a server with
// SEARXNG_URL set (the SearXNG fake) offers the Web mode.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearxngFake } from '../fakes/searxng';
import { signUpThroughApi, startE2E, type E2E } from './support';

const WEB_OFF_NOTE = 'Web search is off on this server: answers use your own sources and the built-in user guide.';
const QUESTION = 'how do I set LLM_BASE_URL for an answer model?';
const searchMode = (page: Page) => page.getByRole('combobox', { name: 'Search mode' });
const webOption = (page: Page) => searchMode(page).locator('option[value="web"]');

describe('a fresh install', () => {
  let e2e: E2E;
  let page: Page;
  beforeAll(async () => {
    // The full browser: its dictation test needs the microphone's permission prompt, which the headless shell lacks.
    e2e = await startE2E({ fullChromium: true });
    page = await e2e.page();
  });
  afterAll(() => e2e?.close());

  it('offers Web disabled with the reason, says once under the ask box that web search is off, and never in the answer', async () => {
    await page.goto('/');
    await page.getByText(WEB_OFF_NOTE).waitFor();
    expect(await webOption(page).isDisabled()).toBe(true);
    expect(await webOption(page).getAttribute('title')).toBe('Web search is off on this server');
    expect(await webOption(page).innerText()).toBe('Web (off on this server)');

    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const entry = page.getByRole('article', { name: QUESTION });
    await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });
    const answer = await entry.getByRole('region', { name: 'Answer' }).innerText();
    expect(answer).not.toContain('Web search is off');
    expect(answer).toContain('LLM_BASE_URL');
    await entry.getByText('Answered offline from the user guide').waitFor();
    // No translation server (TRANSLATE_URL): no Translate that could only say it is not available.
    await entry.getByRole('button', { name: 'Copy' }).waitFor();
    expect(await entry.getByRole('button', { name: 'Translate' }).count()).toBe(0);
  });

  it('"Open as page" keeps LLM_BASE_URL whole in the summary', async () => {
    const slug = new URL(page.url()).pathname.replace('/search/', '');
    expect(await page.getByRole('link', { name: 'Open as page' }).getAttribute('href')).toBe(`/page/${slug}`);
    await page.goto(`/page/${slug}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => main.innerText()).toContain('LLM_BASE_URL');
    expect(await main.innerText()).not.toContain('LLMBASEURL');
  });

  it('D dictates through the browser: a headless Chromium without a microphone is told so plainly; the shortcuts list binds D', async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('d');
    await page.getByText('The microphone is not allowed for this site', { exact: false }).waitFor();
    expect(await page.getByText('arrives with voice input').count()).toBe(0);
    await page.keyboard.press('Control+/');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Toggle voice dictation').waitFor();
    expect(await dialog.getByText('no speech recognition').count()).toBe(0);
  });

  it('shows a signed-in person no upgrade offer where nothing can be bought', async () => {
    await signUpThroughApi(page, { name: 'Fern Fresh', email: `fern-${Date.now()}@example.com` });
    const sidebarUpsells = page.waitForResponse((r) => r.url().includes('/rest/homepage-widgets/upsell?') && r.url().includes('app_location=sidebar'));
    await page.goto('/');
    const served = await (await sidebarUpsells).json();
    expect(served.upsells).toEqual([]);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('link', { name: 'Spaces' }).waitFor();
    expect(await sidebar.getByText('Upgrade to Pro').count()).toBe(0);
    expect(await sidebar.getByRole('button', { name: 'See plans' }).count()).toBe(0);
  });

  it("a Space's ask box and web switch say that web search is off", async () => {
    const space = await page.evaluate(async () => {
      const res = await fetch('/rest/collections/create_collection', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Moth notes' }),
      });
      return (await res.json()) as { slug: string; enable_web_by_default: boolean };
    });
    expect(space.enable_web_by_default).toBe(true);
    await page.goto(`/spaces/${space.slug}`);
    await page.getByText("Uses this Space's links and files: web search is off on this server").waitFor();
    expect(await page.getByText('Searches the web and this Space').count()).toBe(0);
    await page.getByRole('button', { name: 'Settings' }).click();
    const toggle = page.getByRole('dialog', { name: 'Space settings' }).getByRole('switch', { name: /Search the web by default/ });
    await expect.poll(() => toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText("Web search is off on this server: answers use this Space's links and files.").waitFor();
  });

  it('/get-the-app shows no rating and no QR code for apps the server does not offer', async () => {
    await page.goto('/get-the-app');
    await page.getByText('The phone apps are not offered on this server yet.').waitFor();
    expect(await page.getByText('out of 5').count()).toBe(0);
    expect(await page.getByLabel('QR code of this page').count()).toBe(0);
    expect(await page.getByText('Scan with your phone for a quick download').count()).toBe(0);
  });
});

describe('with SEARXNG_URL set', () => {
  let e2e: E2E;
  let searx: Awaited<ReturnType<typeof startSearxngFake>>;
  beforeAll(async () => {
    searx = await startSearxngFake([{ url: 'https://example.org/moths', title: 'Moths', content: 'Moths fly at night.' }]);
    e2e = await startE2E({ env: { SEARXNG_URL: searx.url, WEB_PAGES_READ: 'false' } });
  });
  afterAll(async () => {
    await e2e?.close();
    await searx?.close();
  });

  it('offers the Web mode and says nothing of web search being off', async () => {
    const page = await e2e.page();
    await page.goto('/');
    await expect.poll(() => webOption(page).isDisabled()).toBe(false);
    expect(await webOption(page).innerText()).toBe('Web');
    await searchMode(page).selectOption('web');
    expect(await searchMode(page).inputValue()).toBe('web');
    expect(await page.getByText(WEB_OFF_NOTE).count()).toBe(0);
  });
});
