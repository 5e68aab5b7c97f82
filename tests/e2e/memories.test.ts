// Memories in the browser against the real server (offline model): a memory is found in a
// question, used and cited in a later answer and shown in the memory side sheet, marked not
// helpful there (then not used again), and deleted one at a time and all at once from the list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Mem', email: `mem-${Date.now()}@example.com` });
});
afterAll(() => e2e?.close());

const LATER = 'Which vegetarian dishes are quick?';

async function ask(question: string) {
  await page.goto('/');
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
  const entry = page.getByRole('article', { name: question }).last();
  // The answer is done once its sources can be checked.
  await entry.getByRole('button', { name: 'Check sources' }).waitFor({ timeout: 15_000 });
  return entry;
}

const memories = () =>
  page.evaluate(async () => ((await (await fetch('/rest/memories/list')).json()) as { memories: { content: string }[] }).memories.map((m) => m.content));

describe('memories', () => {
  it('remembers a statement from a question, then uses and cites it in a later answer', async () => {
    await ask('I am vegetarian. What can I cook with lentils?');
    await expect.poll(memories, { timeout: 15_000 }).toEqual(['I am vegetarian']);

    const entry = await ask(LATER);
    const card = entry.getByRole('list', { name: 'Sources' }).getByRole('button', { name: /^Memory/ });
    await card.waitFor();
    expect(await entry.getByText('I am vegetarian', { exact: false }).count()).toBeGreaterThan(0);

    await card.click();
    const sheet = page.getByRole('dialog', { name: 'Memory' });
    await sheet.getByText('I am vegetarian').waitFor();
    await sheet.getByText('See all your memories.').waitFor();
    // The sheet answers at once (optimistic); the server's answer is what the next question reads.
    const saved = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path && r.ok());
    const toggled = saved('/rest/memories/toggle_entry_feedback');
    await sheet.getByRole('button', { name: 'Not helpful' }).click();
    await sheet.getByText('This memory will not be referenced in future searches.').waitFor();
    await toggled;
    const detailed = saved('/rest/memories/feedback');
    await sheet.getByRole('button', { name: 'Irrelevant' }).click();
    await page.getByText('Thank you for your detailed feedback!').waitFor();
    await detailed;
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });

  it('does not use a memory marked not helpful', async () => {
    const entry = await ask(LATER);
    expect(
      await entry
        .getByRole('list', { name: 'Sources' })
        .getByRole('button', { name: /^Memory/ })
        .count(),
    ).toBe(0);
  });

  it('deletes one memory and then all of them from the list', async () => {
    await page.goto('/account/personalize');
    await page.getByRole('button', { name: 'Manage memories' }).click();
    const list = page.getByRole('dialog', { name: 'Memories' });
    await list.getByRole('textbox', { name: 'Something to remember' }).fill('I live in Oslo');
    await list.getByRole('button', { name: 'Add' }).click();
    await list.getByText('I live in Oslo').waitFor();

    await list.getByRole('button', { name: 'Delete memory: I am vegetarian' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete memory' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await list.getByText('I am vegetarian').waitFor({ state: 'detached' });
    await expect.poll(memories).toEqual(['I live in Oslo']);

    await list.getByRole('button', { name: 'Delete all' }).click();
    await page.getByRole('dialog', { name: 'Delete all memories' }).getByRole('button', { name: 'Delete all' }).click();
    await list.getByText('Nothing remembered yet.').waitFor();
    await expect.poll(memories).toEqual([]);
  });
});
