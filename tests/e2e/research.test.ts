// Research in the browser (issue 33), against the real server with loopback fakes (SearXNG, a
// local site, an LLM scripting plan, gaps and sections): a person picks Research in the ask box,
// sees the report's progress step by step, then the report with its sections and citations;
// after a reload the report and its kept steps are still there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm';
import { startSearxngFake } from '../fakes/searxng';
import { startWebSite } from '../fakes/web-site';
import { RESEARCH_SECTIONS, researchScript } from '../support/research-llm';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;

beforeAll(async () => {
  site = await startWebSite();
  // Each section takes a moment, so the progress is there to be seen.
  llm = await startLlmFake({ chunks: ['Quick [1].'], respond: researchScript({ slowMs: 1_500 }) });
  searx = await startSearxngFake([{ url: `${site.url}/docs/altitude-boiling`, title: 'Boiling at altitude', content: 'Water boils cooler up high.' }]);
  e2e = await startE2E({
    env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', SEARXNG_URL: searx.url, SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort },
  });
  page = await e2e.page();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  await llm?.close();
  await searx?.close();
  await site?.close();
});

test('a person starts Research, sees its progress, then the report with its sections; it is kept after a reload', { timeout: 90_000 }, async () => {
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Rosa Research', email: `rosa-${Date.now()}@example.com` });
  await page.goto('/');
  const question = 'A slow report on boiling water at altitude';
  await page.getByRole('group', { name: 'Answer depth' }).getByText('Research', { exact: true }).click();
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  const entry = page.getByRole('article', { name: question });
  await expect.poll(() => entry.getByTestId('research-progress').textContent(), { timeout: 20_000 }).toMatch(/^Step \d+ of \d+: /);
  await entry
    .getByTestId('research-progress')
    .filter({ hasText: /Step 7 of 8: writing/ })
    .waitFor({ timeout: 20_000 });
  const answer = entry.getByRole('region', { name: 'Answer' });
  for (const title of RESEARCH_SECTIONS) await answer.getByRole('heading', { name: title }).waitFor({ timeout: 20_000 });
  await entry.getByRole('button', { name: 'Rewrite' }).waitFor();
  expect(await answer.locator('a[data-citation]').count()).toBeGreaterThanOrEqual(2);

  await page.reload();
  const kept = page.getByRole('article', { name: question });
  await kept.getByRole('region', { name: 'Research progress' }).getByText('8 of 8 steps').waitFor();
  for (const title of RESEARCH_SECTIONS) await kept.getByRole('region', { name: 'Answer' }).getByRole('heading', { name: title }).waitFor();
});
