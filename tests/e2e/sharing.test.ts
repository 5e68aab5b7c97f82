// The "done when", in Chromium, with the SearXNG and LLM fakes as sources and model: an
// owner asks and gets a streamed, cited answer, opens Share; a second account opening the link
// sees "This answer is private", requests access; the owner grants it and the reader reads it;
// then the owner shares it with anyone who has the link.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmFake } from '../fakes/llm';
import { startSearxngFake } from '../fakes/searxng';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let owner: Page;
let reader: Page;
let threadUrl: string;

const QUESTION = 'how do I share a thread?';
const stamp = Date.now();
const OWNER = { name: 'Olive Owner', email: `olive.${stamp}@example.com`, password: 'correct-horse-battery' };
const READER = { name: 'Rhys Reader', email: `rhys.${stamp}@example.com`, password: 'correct-horse-battery' };

beforeAll(async () => {
  llm = await startLlmFake({
    chunks: ['Open the thread and choose ', '**Share** [1]. ', 'Pick who may read it; people without access can ', 'request it [2].'],
    related: 'Who can see a shared thread?',
  });
  searx = await startSearxngFake([
    { url: 'https://docs.example.org/sharing', title: 'Sharing threads', content: 'Choose Share on a thread to pick who may read it.' },
    { url: 'https://docs.example.org/access', title: 'Requesting access', content: 'People without access can request it from the owner.' },
  ]);
  e2e = await startE2E({
    env: { SEARXNG_URL: searx.url, WEB_PAGES_READ: 'false', LLM_BASE_URL: `${llm.url}/v1`, LLM_MODEL: 'fake-model', LLM_API_KEY: 'test-key' },
  });
  owner = await e2e.page({ permissions: ['clipboard-read', 'clipboard-write'] });
  reader = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await llm?.close();
  await searx?.close();
});

describe('sharing a thread and granting access', () => {
  it('the owner gets a streamed answer cited from the web, written by the model', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, OWNER);
    // Signing up is not what this file is about (auth.test.ts is): the call, then the app reads the session.
    await owner.reload();
    await owner.getByLabel('Ask anything').fill(QUESTION);
    await owner.keyboard.press('Enter');
    const entry = owner.getByRole('article', { name: QUESTION });
    await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    const answer = entry.getByRole('region', { name: 'Answer' });
    expect(await answer.innerText()).toContain('Pick who may read it');
    expect(await answer.getByRole('link', { name: /^Source \d+/ }).count()).toBe(2);
    await entry.getByText('Answered by fake-model').waitFor();
    expect(searx.queries).toContain(QUESTION);
    threadUrl = owner.url();
    expect(new URL(threadUrl).pathname).toMatch(/^\/search\/how-do-i-share-a-thread-/);
  });

  it('the owner opens Share from the keyboard: the thread is private, and the link can be copied', async () => {
    await owner.getByRole('button', { name: 'Share', exact: true }).focus();
    await owner.keyboard.press('Enter');
    const options = owner.getByRole('group', { name: 'Who can see this answer' });
    expect(await options.getByRole('menuitemradio', { name: /^Private/ }).getAttribute('aria-checked')).toBe('true');
    expect(await options.getByRole('menuitemradio', { name: /^Organisation/ }).getAttribute('aria-disabled')).toBe('true');
    // The menu takes arrow keys: from the first choice, past the unavailable ones, to the offer
    // to create an organisation (the owner is in none), then Copy link.
    const focused = () => owner.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await expect.poll(focused).toMatch(/^Only me/);
    for (const next of [/^Private/, /^Anyone with the link/, /^Create an organisation/, /^Copy link/]) {
      await owner.keyboard.press('ArrowDown');
      // Radix moves focus a task after the key press.
      await expect.poll(focused).toMatch(next);
    }
    await owner.getByRole('menuitem', { name: 'Copy link' }).click();
    await owner.getByText('Link copied').waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(threadUrl);
    await owner.getByRole('menu').waitFor({ state: 'detached' });
  });

  it('a second account opening the link sees "This answer is private" and requests access', async () => {
    await reader.goto('/');
    await signUpThroughApi(reader, READER);
    await reader.goto(threadUrl);
    await reader.getByRole('heading', { name: 'This answer is private' }).waitFor();
    expect(await reader.getByText('Pick who may read it').count()).toBe(0);
    await reader.getByRole('button', { name: 'Request access' }).click();
    await reader.getByText('Access request sent').waitFor();
  });

  it('the owner sees the request in Share and grants it', async () => {
    await owner.reload();
    await owner.getByRole('button', { name: 'Share (1 access requests)' }).click({ timeout: 15_000 });
    await owner.getByRole('menuitem', { name: `Request from ${READER.name}` }).click();
    await owner.getByRole('menuitem', { name: 'Grant' }).click();
    await owner.getByText(`${READER.name} can now see this answer`).waitFor();
    await owner.getByRole('menu').first().waitFor({ state: 'detached' });
  });

  it('the reader now reads the answer, shared by its owner, and cannot ask in it', async () => {
    await reader.reload();
    const entry = reader.getByRole('article', { name: QUESTION });
    await entry.getByRole('region', { name: 'Answer' }).getByText('Pick who may read it', { exact: false }).waitFor();
    await reader.getByText(`Shared by ${OWNER.name}`).waitFor();
    expect(await reader.getByPlaceholder('Ask a follow-up…').count()).toBe(0);
  });

  it('the owner shares it with anyone who has the link; a signed-out visitor reads it', async () => {
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.getByRole('menuitemradio', { name: /^Anyone with the link/ }).click();
    await owner.getByText('Sharing updated').waitFor();
    expect(await owner.getByRole('menuitemradio', { name: /^Anyone with the link/ }).getAttribute('aria-checked')).toBe('true');
    const visitor = await e2e.page();
    await visitor.goto(threadUrl);
    await visitor.getByRole('article', { name: QUESTION }).getByText('Pick who may read it', { exact: false }).waitFor();
  });
});
