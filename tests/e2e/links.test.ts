// Every link the app shows resolves: from home, signed in and with a thread asked (whose
// sources, answered offline, are pages of the built-in user guide), every internal link on
// every page reached is followed; none may land on a not-found page, and a link to a section
// (#anchor) must find that section. The login modal's privacy-policy link is checked too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
beforeAll(async () => {
  e2e = await startE2E();
  page = await e2e.page();
});
afterAll(() => e2e?.close());

/** The document a link loads: the link without its #section. */
const documentOf = (url: string) => url.replace(/#.*$/, '');

const NOT_FOUND = /^(Page|Thread|Guide page|Space|File) not found$/;
const MAX_PAGES = 60;

/** The internal links on the page now, as absolute URLs (hash kept). */
const internalLinks = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((a) => new URL(a.getAttribute('href')!, location.href))
      .filter((u) => u.origin === location.origin && !u.pathname.startsWith('/api/') && !u.pathname.startsWith('/rest/'))
      // The skip link's #main is the page itself.
      .map((u) => (u.hash === '#main' ? u.href.replace(/#main$/, '') : u.href)),
  );

/**
 * Waits for the page's content: a heading in the main region, or a not-found message. (Not for
 * the network to idle: a signed-in page keeps the notification centre's stream open.)
 */
async function settle(p: Page) {
  await p.waitForLoadState('load');
  await p.locator('main h1, main h2').first().waitFor({ timeout: 10_000 });
}

async function problemAt(p: Page, url: string): Promise<string | null> {
  // A link that differs from the page now only in its #section is a same-document move (no response).
  const response = await p.goto(url);
  if (response && response.status() >= 400) return `HTTP ${response.status()}`;
  await settle(p);
  const headings = await p.locator('main h1').allInnerTexts();
  const missing = headings.find((h) => NOT_FOUND.test(h.trim()));
  if (missing) return missing;
  const hash = new URL(url).hash.slice(1);
  if (hash && (await p.locator(`[id="${decodeURIComponent(hash)}"]`).count()) === 0) return `no section #${hash}`;
  return null;
}

describe('links', () => {
  it('the privacy-policy link of the login modal resolves', async () => {
    await page.goto('/');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    const href = await page.getByRole('dialog').getByRole('link', { name: 'privacy policy' }).getAttribute('href');
    expect(await problemAt(page, new URL(href!, e2e.url).href)).toBeNull();
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
  });

  it('every internal link reached from home resolves, guide sources included', async () => {
    await page.goto('/');
    // Signing up is not what this test is about (auth.test.ts is): through the call, then the app reads the session.
    await signUpThroughApi(page, { name: 'Lena Links', email: `lena.${Date.now()}@example.com` });
    await page.reload();
    await page.getByLabel('Ask anything').fill('how do I share a thread?');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const sources = page.getByRole('list', { name: 'Sources' }).getByRole('link');
    await expect.poll(() => sources.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const guideSources = (await sources.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).filter((h) =>
      new URL(h).pathname.startsWith('/help/'),
    );
    expect(guideSources.length).toBeGreaterThan(0);

    const queue = [`${e2e.url}/`, page.url(), ...guideSources];
    const seen = new Set<string>();
    const broken: string[] = [];
    // Documents loaded without a problem (their links followed).
    const loaded = new Set<string>();
    while (queue.length && seen.size < MAX_PAGES) {
      // Links into the page shown now first: a move to one of its #sections loads nothing.
      const here = queue.findIndex((u) => documentOf(u) === documentOf(page.url()));
      const url = queue.splice(Math.max(here, 0), 1)[0]!;
      if (seen.has(url)) continue;
      seen.add(url);
      // A page already loaded through a link to one of its #sections: the same answer and the same links.
      if (!new URL(url).hash && loaded.has(url)) continue;
      const problem = await problemAt(page, url);
      if (process.env.LINKS_VERBOSE) console.log(url, problem ?? 'ok');
      if (problem) {
        broken.push(`${new URL(url).pathname}${new URL(url).hash}: ${problem}`);
        continue;
      }
      loaded.add(documentOf(url));
      for (const link of await internalLinks(page)) if (!seen.has(link)) queue.push(link);
    }
    expect(broken).toEqual([]);
    const paths = [...seen].map((u) => new URL(u).pathname);
    // The walk reached the guide, the thread, the library and the account pages.
    for (const expected of ['/help', '/library', '/spaces', '/settings', '/account/files']) expect(paths).toContain(expected);
    expect(paths.some((p) => p.startsWith('/help/'))).toBe(true);
  }, 240_000);
});
