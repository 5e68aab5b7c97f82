// Pro Search in the browser against the real server with the offline model: a signed-in person
// picks Pro in the ask box, and the answer shows the searches the offline planner made and the
// pages it read (a SearXNG fake whose results are pages of a local site), still after a reload.
// Then the ask box's suggestions in Chromium (issue 36; the same server, with the Finnhub fake as
// its market data): typing shows the categories in the seed's order with their headings, the
// arrows move through them, Escape closes the list and Enter asks the highlighted one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketDataFake } from '../fakes/market-data.js';
import { startSearxngFake } from '../fakes/searxng';
import { startWebSite } from '../fakes/web-site';
import { signUpThroughApi, startE2E, type E2E } from './support';

const QUESTION = 'Compare pressure cooking with boiling water at high altitude';

let e2e: E2E;
let page: Page;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;
/** What the suggestions test types: in Piper's question, a related question, a ticker, a headline and a shortcut. */
const TYPED = 'altitude';
const HEADLINE = 'Climbers set a new altitude record';
beforeAll(async () => {
  site = await startWebSite();
  market = await startMarketDataFake();
  market.addInstrument('ALTI', 'ALTITUDE OUTFITTERS INC');
  market.setQuote('ALTI', 42, 40);
  searx = await startSearxngFake((q) =>
    // The ask box's news search asks for exactly what was typed (lower case).
    q === TYPED
      ? [{ url: `${site.url}/news/altitude-record`, title: HEADLINE, content: 'A new record.', publishedDate: new Date().toISOString() }]
      : [{ url: `${site.url}/docs/${/pressure/i.test(q) ? 'pressure-cooking' : 'altitude-boiling'}`, title: q, content: 'A snippet.' }],
  );
  e2e = await startE2E({
    env: {
      SEARXNG_URL: searx.url,
      SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort,
      MARKET_DATA_PROVIDER: 'finnhub',
      MARKET_DATA_URL: market.url,
      MARKET_DATA_API_KEY: market.apiKey,
    },
  });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await searx?.close();
  await site?.close();
  await market?.close();
});

describe('Pro Search', () => {
  it('a person picks Pro and sees the steps: the searches, the sources read, the time; after a reload too', async () => {
    await page.goto('/');
    await signUpThroughApi(page, { name: 'Piper Pro', email: `piper-${Date.now()}@example.com` });
    await page.goto('/');
    // A person clicks the option's label (the radio itself is visually hidden).
    await page.getByRole('group', { name: 'Answer depth' }).getByText('Pro', { exact: true }).click();
    expect(await page.getByRole('radio', { name: 'Pro' }).isChecked()).toBe(true);
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    const entry = page.getByRole('article', { name: QUESTION });
    const steps = entry.getByRole('region', { name: 'Pro Search steps' });
    await steps.getByText('pressure cooking', { exact: false }).first().waitFor({ timeout: 20_000 });
    await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });
    await steps.getByText(/2 sources read ·/).waitFor();
    const searches = await steps.getByRole('list', { name: 'Searches' }).getByRole('listitem').allInnerTexts();
    expect(searches).toEqual([QUESTION, 'pressure cooking', 'boiling water at high altitude']);

    await page.reload();
    await entry
      .getByRole('region', { name: 'Pro Search steps' })
      .getByText(/2 sources read ·/)
      .waitFor();
    // The choice is kept on this device: the follow-up box asks with Pro too.
    expect(await page.getByRole('radio', { name: 'Pro' }).isChecked()).toBe(true);
  });

  it("the ask box's suggestions: the seed's categories in order, arrows, Escape, and Enter asking the highlighted one", async () => {
    // Piper's question and its related questions are the first test's; her shortcut is made here.
    const made = await page.evaluate(
      async (prompt) =>
        (
          await fetch('/rest/tasks', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ task_type: 'SHORTCUT', title: 'Altitude tips', query: { prompt } }),
          })
        ).status,
      'Tips for baking at high altitude',
    );
    expect(made).toBe(201);
    await page.goto('/');
    const box = page.getByLabel('Ask anything');
    await box.fill(TYPED);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('group', { name: 'Shortcuts' }).waitFor();
    const groups = await list.getByRole('group').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(groups).toEqual(['Tickers', 'Your questions', 'Latest News', 'Related Questions', 'Shortcuts']);
    // The headings the seed names, shown in that order.
    expect(await list.getByText(/^(Latest News|Related Questions|Shortcuts)$/).allInnerTexts()).toEqual(['Latest News', 'Related Questions', 'Shortcuts']);
    const options = list.getByRole('option');
    expect(await options.first().innerText()).toMatch(/ALTI[\s\S]*ALTITUDE OUTFITTERS INC[\s\S]*\$42\.00[\s\S]*\+2\.00 \(\+5\.00%\)/);
    expect(await list.getByRole('group', { name: 'Your questions' }).innerText()).toContain(QUESTION);
    expect(await list.getByRole('group', { name: 'Latest News' }).innerText()).toContain(HEADLINE);
    expect(await list.getByRole('group', { name: 'Shortcuts' }).innerText()).toContain('/Altitude tips');

    // The arrows move the highlight through the options; the text keeps the focus.
    const highlighted = () => box.getAttribute('aria-activedescendant');
    await page.keyboard.press('ArrowDown');
    expect(await highlighted()).toBe(await options.nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    expect(await highlighted()).toBe(await options.nth(1).getAttribute('id'));
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowUp');
    expect(await highlighted()).toBe(await options.nth(0).getAttribute('id'));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ask-input');

    // Escape closes the list; typing opens it again, and Enter asks the highlighted ticker.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await box.getAttribute('aria-expanded')).not.toBe('true');
    await page.keyboard.type(' ');
    await list.getByRole('group', { name: 'Shortcuts' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/alti-'));
    await page.getByRole('article', { name: 'ALTI' }).waitFor();
  });
});
