// Asking in the browser against the real server with no LLM configured: the offline model
// answers from the built-in user guide, streamed, cited, kept as a thread in the library.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
});
afterAll(() => e2e?.close());

const QUESTION = 'how do I share a thread?';
const entry = (question: string) => page.getByRole('article', { name: question });

describe('asking a question', () => {
  it('streams a cited answer from the user guide and moves to the thread URL', async () => {
    await page.goto('/');
    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');

    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const answer = entry(QUESTION).getByRole('region', { name: 'Answer' });
    await expect.poll(() => answer.getByRole('link', { name: /^Source \d+/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await entry(QUESTION).getByRole('button', { name: 'Rewrite' }).waitFor();
    expect(await entry(QUESTION).getByRole('list', { name: 'Sources' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(await answer.innerText()).toMatch(/shar/i);
    await entry(QUESTION).getByText('Answered offline from the user guide').waitFor();
  });

  it('shows the same answer after a reload', async () => {
    const before = await entry(QUESTION).getByRole('region', { name: 'Answer' }).innerText();
    await page.reload();
    await entry(QUESTION).getByRole('button', { name: 'Rewrite' }).waitFor();
    expect(await entry(QUESTION).getByRole('region', { name: 'Answer' }).innerText()).toBe(before);
  });

  it('continues the thread with a follow-up', async () => {
    const followUp = 'which keyboard shortcut starts a new thread?';
    const url = page.url();
    await page.getByPlaceholder('Ask a follow-up…').fill(followUp);
    await page.getByRole('button', { name: 'Ask follow-up' }).click();
    await entry(followUp).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(url);
    expect(await page.getByRole('article').count()).toBe(2);
  });

  it('/search?q= asks that question in a new thread (seed 003: rewritten to /search/new with a streamId)', async () => {
    const question = 'which keyboard shortcut focuses the ask box?';
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && addresses.push(frame.url())));
    await page.goto(`/search?q=${encodeURIComponent(question)}`);
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    await entry(question).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('article').count()).toBe(1);
    const rewritten = addresses.map((a) => new URL(a)).find((u) => u.pathname === '/search/new');
    expect(rewritten?.searchParams.get('q')).toBe(question);
    expect(rewritten?.searchParams.get('streamId')).toMatch(/^[0-9a-f-]{36}$/);
    page.removeAllListeners('framenavigated');
  });

  it('asks from the ask box without putting the question in the address', async () => {
    const question = 'what does incognito mode do?';
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && addresses.push(frame.url())));
    await page.goto('/');
    await page.getByLabel('Ask anything').fill(question);
    await page.keyboard.press('Enter');
    await entry(question).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    expect(addresses.filter((a) => /incognito/.test(new URL(a).search))).toEqual([]);
    page.removeAllListeners('framenavigated');
  });

  it('lists the thread in the library', async () => {
    await page.goto('/library');
    const threads = page.getByRole('list', { name: 'Threads' });
    await threads.waitFor();
    expect(await threads.innerText()).toMatch(/share a thread/i);
  });
});
