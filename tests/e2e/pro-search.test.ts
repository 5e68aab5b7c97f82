// Pro Search in the browser against the real server with the offline model: a signed-in person
// picks Pro in the ask box, and the answer shows the searches the offline planner made and the
// pages it read (a SearXNG fake whose results are pages of a local site), still after a reload.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSearxngFake } from '../fakes/searxng';
import { startWebSite } from '../fakes/web-site';
import { signUpThroughApi, startE2E, type E2E } from './support';

const QUESTION = 'Compare pressure cooking with boiling water at high altitude';

let e2e: E2E;
let page: Page;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;
beforeAll(async () => {
  site = await startWebSite();
  searx = await startSearxngFake((q) => [
    { url: `${site.url}/docs/${/pressure/i.test(q) ? 'pressure-cooking' : 'altitude-boiling'}`, title: q, content: 'A snippet.' },
  ]);
  e2e = await startE2E({ env: { SEARXNG_URL: searx.url, SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort } });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await searx?.close();
  await site?.close();
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
});
