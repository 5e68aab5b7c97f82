// The article view in the browser against the real server: sign up, ask, open the thread as a
// page at /page/{slug}, bookmark it, and find it still bookmarked after a reload.
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
const dialog = () => page.getByRole('dialog');
const account = { name: 'Page Reader', email: `reader-${Date.now()}@example.com`, password: 'a-good-long-password' };
let slug = '';

describe('the article view', () => {
  it('signs up and asks a question', async () => {
    await page.goto('/');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    await dialog().getByRole('tab', { name: 'Create account' }).click();
    await dialog().getByLabel('Name').fill(account.name);
    await dialog().getByLabel('Email').fill(account.email);
    await dialog().getByLabel('Password').fill(account.password);
    await dialog().getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`Welcome, ${account.name}! Your account is ready.`).waitFor();

    await page.getByLabel('Ask anything').fill(QUESTION);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    await page.getByRole('article', { name: QUESTION }).getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 15_000 });
    slug = decodeURIComponent(new URL(page.url()).pathname.slice('/search/'.length));
    expect(slug).toMatch(/^how-do-i-share-a-thread-/);
  });

  it('shows the thread as a page: title, read time, sections with cited answers and sources', async () => {
    await page.goto(`/page/${slug}`);
    await page.getByRole('heading', { level: 1, name: QUESTION }).waitFor();
    await page.getByText(/\d+ min read/).waitFor();
    const section = page.getByRole('article', { name: QUESTION });
    await section.getByRole('heading', { level: 2, name: QUESTION }).waitFor();
    expect(
      await section
        .getByRole('region', { name: 'Answer' })
        .getByRole('link', { name: /^Source \d+/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(await section.getByRole('list', { name: 'Sources' }).getByRole('link').count()).toBeGreaterThan(0);
  });

  it('bookmarks it, and it stays bookmarked after a reload', async () => {
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/collections/upsert_thread_collection');
    await page.getByRole('button', { name: 'Bookmark' }).click();
    const remove = page.getByRole('button', { name: 'Remove bookmark' });
    await remove.waitFor();
    expect(await remove.getAttribute('aria-pressed')).toBe('true');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: QUESTION }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove bookmark' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('removes the bookmark again', async () => {
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/collections/remove_collection_thread');
    await page.getByRole('button', { name: 'Remove bookmark' }).click();
    await page.getByRole('button', { name: 'Bookmark' }).waitFor();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: QUESTION }).waitFor();
    expect(await page.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('tells another visitor the answer is private', async () => {
    const other = await e2e.page();
    await other.goto(`/page/${slug}`);
    await other.getByRole('heading', { name: 'This answer is private' }).waitFor();
    await other.getByRole('button', { name: 'Back' }).waitFor();
    await other.context().close();
  });
});
