// Spaces in Chromium against the real server, with a fake website as the Space's link and the
// offline answer model: an owner creates a Space from a template, adds a link (and is told why a
// local address is refused), asks in the Space and gets the page as a source; invites a reader
// who accepts, cannot edit, and asks with the Space's link in a thread of their own; moves a
// thread from home into the Space and out again; and finds a bookmark in the library.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TITLE, startWebPages } from '../fakes/web-pages';
import { signUpThroughApi, startE2E, verifyByMailedLink, type E2E } from './support';

let e2e: E2E;
let pages: Awaited<ReturnType<typeof startWebPages>>;
let owner: Page;
let reader: Page;
let spacePath = '';

const SPACE_TITLE = 'Glimmerfen moths';
const SPACE_QUESTION = 'how do lanternmoths navigate?';
const HOME_QUESTION = 'how do I share a thread?';
const BLOCKED_TEXT = 'This link points to a private or local network address, which Spaces cannot fetch.';
const stamp = Date.now();
const OWNER = { name: 'Olive Owner', email: `olive.spaces.${stamp}@example.com`, password: 'correct-horse-battery' };
const READER = { name: 'Rhys Reader', email: `rhys.spaces.${stamp}@example.com`, password: 'correct-horse-battery' };

beforeAll(async () => {
  pages = await startWebPages();
  // The fake website is on 127.0.0.1: only its host:port is let through the private-address block.
  e2e = await startE2E({ env: { SPACE_LINKS_ALLOW_PRIVATE_HOSTS: pages.hostPort } });
  owner = await e2e.page();
  reader = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await pages?.close();
});

/** Waits until the answer to `question` is complete (Rewrite shows once it is). */
async function answered(page: Page, question: string) {
  const entry = page.getByRole('article', { name: question });
  await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });
  return entry;
}

const spaceChip = (page: Page) => page.getByRole('link', { name: `In Space ${SPACE_TITLE}` });

describe('Spaces', () => {
  it('the owner creates a Space from the "Research project" template and lands on it', async () => {
    await owner.goto('/');
    await signUpThroughApi(owner, OWNER);
    // Signing up is not what this file is about (auth.test.ts is): the call, then the app reads the session.
    await owner.reload();
    await owner.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Spaces' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Spaces' }).waitFor();
    await owner.getByRole('button', { name: 'Start from Research project' }).click();

    const form = owner.getByRole('dialog', { name: 'Create a Space: Research project' });
    const title = form.getByLabel('Title');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Research project');
    expect(await form.getByLabel('Description').inputValue()).toBe('Collect sources on one topic and get answers that weigh them against each other.');
    expect(await form.getByLabel('Instructions').inputValue()).toMatch(/^You are helping with a research project\./);
    expect(await form.getByRole('radio', { checked: true }).getAttribute('data-emoji')).toBe('1f52c');

    await title.fill(SPACE_TITLE);
    await form.getByRole('button', { name: 'Continue' }).click();
    await owner.waitForURL((u) => u.pathname.startsWith('/spaces/glimmerfen-moths-'));
    await owner.getByRole('heading', { level: 1, name: SPACE_TITLE }).waitFor();
    spacePath = new URL(owner.url()).pathname;
  });

  it('adds the article as a link and sees its title; a local address is refused with the reason', async () => {
    const links = owner.getByRole('region', { name: 'Links' });
    const input = links.getByLabel('Link to add');
    await input.fill(`${pages.url}/article`);
    await links.getByRole('button', { name: 'Add' }).click();
    const listed = links.getByRole('list', { name: 'Links' }).getByRole('link', { name: new RegExp(ARTICLE_TITLE) });
    // On a timeout, say what the region showed instead (an error under the input, or no list).
    await listed.waitFor({ timeout: 15_000 }).catch(async (err: Error) => {
      throw new Error(`${err.message}\nThe Links region showed: ${await links.innerText()}`);
    });
    expect(await listed.getAttribute('href')).toBe(`${pages.url}/article`);
    expect(await input.inputValue()).toBe('');

    await input.fill('http://127.0.0.1:1/');
    await links.getByRole('button', { name: 'Add' }).click();
    const error = links.getByRole('alert');
    await error.waitFor({ timeout: 15_000 });
    expect(await error.innerText()).toBe(BLOCKED_TEXT);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await links.getByRole('list', { name: 'Links' }).getByRole('link').count()).toBe(1);
  });

  it('asks in the Space: the answer cites the article, the thread carries the Space chip and is listed in the Space', async () => {
    await owner.getByLabel(`Ask in ${SPACE_TITLE}`).fill(SPACE_QUESTION);
    await owner.keyboard.press('Enter');
    await owner.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const entry = await answered(owner, SPACE_QUESTION);
    const cited = entry.getByRole('list', { name: 'Sources' }).locator(`a[href="${pages.url}/article"]`);
    await cited.first().waitFor();
    expect(await cited.first().innerText()).toContain(ARTICLE_TITLE);

    await spaceChip(owner).click();
    await owner.waitForURL((u) => u.pathname === spacePath);
    const threads = owner.getByRole('region', { name: 'Threads' }).getByRole('list', { name: 'Threads' });
    await threads.getByRole('link', { name: new RegExp(SPACE_QUESTION) }).waitFor();
    await owner.getByText('1 thread', { exact: false }).waitFor();
  });

  it('invites a second account as Reader, who accepts and can read but not edit the Space', async () => {
    await owner.getByRole('button', { name: 'Settings' }).click();
    const settings = owner.getByRole('dialog', { name: 'Space settings' });
    await settings.getByLabel('Email to invite').fill(READER.email);
    expect(await settings.getByLabel('Role to invite as').inputValue()).toBe('READER');
    await settings.getByRole('button', { name: 'Invite' }).click();
    const invited = settings.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: READER.email });
    await invited.getByText('Invited', { exact: true }).waitFor();
    await owner.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await reader.goto('/');
    await signUpThroughApi(reader, READER);
    await verifyByMailedLink(reader, READER.email);
    await reader.goto('/spaces');
    const invitation = reader.getByRole('group', { name: `Invitation to ${SPACE_TITLE}` });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await reader.waitForURL((u) => u.pathname === spacePath);
    await reader.getByRole('heading', { level: 1, name: SPACE_TITLE }).waitFor();
    await reader.getByText('Reader', { exact: true }).waitFor();
    await reader
      .getByRole('list', { name: 'Links' })
      .getByRole('link', { name: new RegExp(ARTICLE_TITLE) })
      .waitFor();
    // The owner is not in an organisation, so her thread in the Space stays private to her.
    const threads = reader.getByRole('region', { name: 'Threads' });
    await threads.getByText('No threads yet', { exact: false }).waitFor();
    expect(await reader.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    expect(await reader.getByLabel('Link to add').count()).toBe(0);
    expect(await reader.getByRole('button', { name: /^Remove / }).count()).toBe(0);
  });

  it("the reader asks in the Space: the answer uses its link, and the thread stays the reader's own", async () => {
    await reader.getByText('your threads stay your own', { exact: false }).waitFor();
    await reader.getByLabel(`Ask in ${SPACE_TITLE}`).fill(SPACE_QUESTION);
    await reader.keyboard.press('Enter');
    await reader.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    const entry = await answered(reader, SPACE_QUESTION);
    await entry.getByRole('list', { name: 'Sources' }).locator(`a[href="${pages.url}/article"]`).first().waitFor();
    expect(await spaceChip(reader).count()).toBe(0);
  });

  it('moves a thread asked from home into the Space and takes it out again', async () => {
    await owner.goto('/');
    await owner.getByLabel('Ask anything').fill(HOME_QUESTION);
    await owner.keyboard.press('Enter');
    await owner.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    await answered(owner, HOME_QUESTION);
    expect(await spaceChip(owner).count()).toBe(0);

    await owner.getByRole('button', { name: 'Add to Space' }).click();
    const choose = owner.getByRole('dialog', { name: 'Add to a Space' });
    await choose.getByRole('list', { name: 'Your Spaces' }).getByRole('button', { name: SPACE_TITLE }).click();
    await choose.waitFor({ state: 'detached' });
    await spaceChip(owner).waitFor();

    await owner.getByRole('button', { name: 'Move' }).click();
    const move = owner.getByRole('dialog', { name: 'Move to a Space' });
    await move.getByRole('button', { name: 'Remove from Space' }).click();
    await move.waitFor({ state: 'detached' });
    await spaceChip(owner).waitFor({ state: 'detached' });
    await owner.getByRole('button', { name: 'Add to Space' }).waitFor();
    // Still out of the Space after a reload, so the server agrees.
    await owner.reload();
    await answered(owner, HOME_QUESTION);
    expect(await spaceChip(owner).count()).toBe(0);
  });

  it('bookmarks that thread in its article view and finds it under Bookmarks in the library', async () => {
    const slug = decodeURIComponent(new URL(owner.url()).pathname.slice('/search/'.length));
    await owner.goto(`/page/${slug}`);
    await owner.getByRole('heading', { level: 1, name: HOME_QUESTION }).waitFor();
    await owner.getByRole('button', { name: 'Bookmark', exact: true }).click();
    const remove = owner.getByRole('button', { name: 'Remove bookmark' });
    await remove.waitFor();
    // Shown at once; saved once no longer busy. A page load before then would cancel the save.
    await expect.poll(() => remove.getAttribute('aria-busy')).toBeNull();

    await owner.goto('/library?tab=bookmarks');
    const bookmarks = owner.getByRole('list', { name: 'Bookmarks' });
    const row = bookmarks.getByRole('link', { name: new RegExp(HOME_QUESTION) });
    await row.waitFor();
    expect(await row.getAttribute('href')).toBe(`/search/${encodeURIComponent(slug)}`);
  });
});
