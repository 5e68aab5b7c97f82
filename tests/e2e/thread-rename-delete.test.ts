// Renaming and deleting threads in Chromium: the owner renames a thread from its library row with
// the keyboard, deletes another from its page's menu after confirming, and its link then says
// "Thread not found"; another signed-in user opening a shared thread sees no such menu.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let owner: Page;
const stamp = Date.now();
const OWNER = { name: 'Rena Owner', email: `rena.${stamp}@example.com`, password: 'correct-horse-battery' };
const OTHER = { name: 'Otto Other', email: `otto.${stamp}@example.com`, password: 'correct-horse-battery' };
const FIRST = 'what is a Space?';
const SECOND = 'how do I share a thread?';

beforeAll(async () => {
  e2e = await startE2E();
  owner = await e2e.page();
});
afterAll(() => e2e?.close());

const threads = () => owner.getByRole('list', { name: 'Threads' });
const rowTitles = async () =>
  Promise.all((await threads().getByRole('link').all()).map(async (l) => ((await l.locator('span').first().textContent()) ?? '').trim()));

async function ask(page: Page, question: string) {
  await page.goto('/');
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  await page.getByRole('article', { name: question }).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
  return new URL(page.url()).pathname;
}

describe('renaming and deleting threads', () => {
  let secondPath: string;

  it('the owner renames a thread from its library row, with the keyboard alone', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, OWNER);
    await ask(owner, FIRST);
    secondPath = await ask(owner, SECOND);
    await owner.goto('/library');
    await threads().getByText(FIRST).waitFor();

    const menu = owner.getByRole('button', { name: `Thread actions: ${FIRST}` });
    await menu.focus();
    await owner.keyboard.press('Enter');
    await owner.getByRole('menuitem', { name: 'Rename…' }).waitFor();
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('dialog', { name: 'Rename thread' });
    const field = dialog.getByLabel('Title');
    expect(await field.inputValue()).toBe(FIRST);
    await field.fill('Spaces, explained');
    await owner.keyboard.press('Enter');
    await owner.getByText('Thread renamed').waitFor();
    await threads().getByText('Spaces, explained').waitFor();
    // Focus is back on the row's menu button, now named after the new title.
    await owner.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Thread actions: Spaces, explained');

    await owner.reload();
    await threads().getByText('Spaces, explained').waitFor();
    expect(await rowTitles()).toEqual([SECOND, 'Spaces, explained']);
  });

  it("the owner deletes a thread from its page's menu after confirming; it leaves the library and its link says so", async () => {
    await owner.goto(secondPath);
    await owner.getByRole('article', { name: SECOND }).waitFor();
    await owner.getByRole('button', { name: `Thread actions: ${SECOND}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete…' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Delete this thread?' });
    // Cancel first: nothing happens.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await owner.getByRole('button', { name: `Thread actions: ${SECOND}` }).click();
    await owner.getByRole('menuitem', { name: 'Delete…' }).click();
    const deleted = owner.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await owner.waitForURL((u) => u.pathname === '/library');
    await owner.getByText('Thread deleted').waitFor();
    await threads().getByText('Spaces, explained').waitFor();
    expect(await rowTitles()).toEqual(['Spaces, explained']);

    await owner.goto(secondPath);
    await owner.getByRole('heading', { name: 'Thread not found' }).waitFor();
    const api = await owner.request.get(`/rest/thread/${secondPath.split('/').pop()}`);
    expect(api.status()).toBe(404);
    expect((await api.json()).code).toBe('thread_not_found');
  });

  it('another signed-in user reading a shared thread gets no Rename or Delete', async () => {
    await owner.goto('/library');
    await threads().getByText('Spaces, explained').click();
    await owner.waitForURL((u) => u.pathname.startsWith('/search/'));
    const path = new URL(owner.url()).pathname;
    const shared = await owner.request.put(`/rest/thread/${path.split('/').pop()}/access`, { data: { thread_access: 'public read' } });
    expect(shared.status()).toBe(200);

    const other = await e2e.page();
    await other.goto('/');
    await signUpThroughApi(other, OTHER);
    await other.goto(path);
    await other.getByRole('article', { name: FIRST }).waitFor();
    expect(await other.getByRole('button', { name: /^Thread actions/ }).count()).toBe(0);
    await other.context().close();
  });
});
