// The watchlist from the keyboard alone, in Chromium against the real server and the Finnhub fake
// (issue 36): the home widget's Edit watchlist opens the modal, Tab walks its controls in reading
// order with a visible focus ring, a search adds two tickers, one moves up, one is removed, Escape
// closes; the home widget and /finance show the remaining ticker's price, change and chart; the F1
// widget of a server without an F1 source says so.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCHLIST_F1_NOT_CONFIGURED } from '../../services/watchlist/pure.js';
import { startMarketDataFake } from '../fakes/market-data.js';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let market: Awaited<ReturnType<typeof startMarketDataFake>>;

beforeAll(async () => {
  market = await startMarketDataFake();
  market.addInstrument('AAPL', 'APPLE INC');
  market.addInstrument('MSFT', 'MICROSOFT CORP');
  market.setQuote('AAPL', 190, 200);
  market.setQuote('MSFT', 420, 400);
  e2e = await startE2E({ env: { MARKET_DATA_PROVIDER: 'finnhub', MARKET_DATA_URL: market.url, MARKET_DATA_API_KEY: market.apiKey } });
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Wren Watch', email: `wren-${Date.now()}@example.com` });
  await page.goto('/');
});
afterAll(async () => {
  await e2e?.close();
  await market?.close();
});

/** The focused control's accessible name as a person hears it: its aria-label, its label, or its text. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
  });
const ringShows = (p: Page) =>
  p.evaluate(
    () =>
      getComputedStyle(document.activeElement as Element).outlineStyle !== 'none' || getComputedStyle(document.activeElement as Element).boxShadow !== 'none',
  );

/** Presses Tab until the control named `name` has the focus (at most 40 presses); answers every name passed on the way. */
async function tabTo(p: Page, name: string, key = 'Tab') {
  const passed: string[] = [];
  for (let i = 0; i < 40; i++) {
    await p.keyboard.press(key);
    const now = await focused(p);
    passed.push(now);
    if (now === name) return passed;
  }
  throw new Error(`Tab never reached "${name}"; passed ${passed.join(' | ')}`);
}

const listed = () => page.getByRole('list', { name: 'Your watchlist' }).getByRole('listitem').allInnerTexts();
const names = async () => (await listed()).map((t) => t.split(/\s/)[0]);

describe('the watchlist, keyboard only', () => {
  it('opens from the home widget, adds, reorders and removes, and closes with Escape', { timeout: 90_000 }, async () => {
    const widget = page.getByRole('region', { name: 'Watchlist' });
    await widget.getByText('Add tickers to follow their prices here.').waitFor();
    // This server has no F1 source: its widget says so rather than showing nothing or made-up results.
    await page.getByRole('region', { name: 'F1' }).getByText(WATCHLIST_F1_NOT_CONFIGURED).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'Edit watchlist');
    expect(await ringShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Watchlist' });
    await dialog.waitFor();

    // Reading order: the widget, the category filter, then the search.
    const order = await tabTo(page, 'Search');
    expect(order.indexOf('Widget')).toBeLessThan(order.indexOf('Category'));
    expect(order.indexOf('Category')).toBeLessThan(order.indexOf('Search'));
    expect(await ringShows(page)).toBe(true);

    await page.keyboard.type('apple');
    await dialog.getByRole('button', { name: 'Add AAPL' }).waitFor();
    await tabTo(page, 'Add AAPL');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['AAPL']);
    await dialog.getByRole('button', { name: 'AAPL is on your watchlist' }).waitFor();
    // Pressing it again adds nothing twice.
    await page.keyboard.press('Enter');

    await tabTo(page, 'Search', 'Shift+Tab');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('micro');
    await dialog.getByRole('button', { name: 'Add MSFT' }).waitFor();
    await tabTo(page, 'Add MSFT');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['AAPL', 'MSFT']);

    await tabTo(page, 'Move MSFT up');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['MSFT', 'AAPL']);
    // The moved item keeps the focus: its up arrow is now disabled, so the down arrow has it.
    await expect.poll(() => focused(page)).toBe('Move MSFT down');

    await tabTo(page, 'Remove AAPL');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['MSFT']);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Edit watchlist');

    // The list on screen is the optimistic one: the server's follows once the remove has landed.
    const kept = async () =>
      (await page.evaluate(async () => (await (await fetch('/rest/homepage-widgets/watchlist/subscription?type=finance')).json()).results)).map(
        (r: { identifier: string; order: number }) => [r.identifier, r.order],
      );
    await expect.poll(kept).toEqual([['MSFT', 0]]);
    await widget.getByText('+20.00 (+5.00%)').waitFor();
  });

  it('/finance shows the tickers with price, change and a chart', async () => {
    await page.goto('/finance');
    const row = page.getByRole('row', { name: /MSFT/ });
    await row.waitFor();
    // The prices arrive after the list: the row first shows dashes.
    await expect.poll(() => row.innerText()).toMatch(/MICROSOFT CORP\s+\$420\.00\s+\+20\.00 \(\+5\.00%\)/);
    await page.getByRole('img', { name: "Day's change by ticker: MSFT +5.00%" }).waitFor();
    expect(await page.getByText('arrives with').count()).toBe(0);
  });
});
