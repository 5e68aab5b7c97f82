// Tasks in the browser against the real server (offline model): a scheduled task made in its
// modal runs when its time comes (the scheduler's test clock) and shows its result with a link
// to its answer; it is paused, resumed, copied and deleted with the action words; a shortcut
// made on /account/shortcuts is picked in the ask box after / and asks its prompt.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, startE2E, type E2E } from './support';

let e2e: E2E;
let page: Page;
const dir = mkdtempSync(join(tmpdir(), 'tasks-e2e-'));
const clockFile = join(dir, 'clock');
beforeAll(async () => {
  e2e = await startE2E({ env: { TASKS_TEST_CLOCK_FILE: clockFile, TASKS_TICK_MS: '200' } });
  page = await e2e.page();
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Tess', email: `tess-${Date.now()}@example.com` });
});
afterAll(async () => {
  await e2e?.close();
  rmSync(dir, { recursive: true, force: true });
});

const PROMPT = 'How do I bake sourdough bread?';

describe('tasks', () => {
  it('a scheduled task runs when its time comes, then is paused, resumed, copied and deleted', { timeout: 90_000 }, async () => {
    await page.goto('/account/tasks');
    await page.getByRole('button', { name: 'New scheduled task' }).click();
    const form = page.getByRole('form', { name: 'Scheduled task' });
    await form.getByRole('textbox', { name: 'Prompt' }).fill(PROMPT);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Scheduled task created').waitFor();
    const item = page.getByRole('listitem', { name: PROMPT });
    await item.getByText('Not run yet').waitFor();

    // The next run comes: the scheduler's clock moves past it.
    const next = await page.evaluate(async () => ((await (await fetch('/rest/tasks')).json()) as { tasks: { next_run_at: string }[] }).tasks[0].next_run_at);
    writeFileSync(clockFile, new Date(Date.parse(next) + 1000).toISOString());
    // The page's own clock is not the scheduler's: look again until the run has ended. After a
    // reload the list is fetched anew, so its item is awaited before its status is read (read at
    // once, a slow fetch made every look see no item, and the run, long ended, was never seen).
    await expect
      .poll(
        async () => {
          await page.reload();
          await item.waitFor();
          return item.getByText(/^Succeeded/).isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await item.getByRole('link', { name: 'See the answer' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/search/'));
    await page.getByRole('article', { name: PROMPT }).getByRole('button', { name: 'Check sources' }).waitFor({ timeout: 15_000 });

    await page.goto('/account/tasks');
    await item.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Scheduled task paused').waitFor();
    await item.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Scheduled task resumed').waitFor();
    await item.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Scheduled task copied').waitFor();
    await expect.poll(() => page.getByRole('listitem', { name: PROMPT }).count()).toBe(2);
    await page.getByRole('listitem', { name: PROMPT }).first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Scheduled task deleted').waitFor();
    await expect.poll(() => page.getByRole('listitem', { name: PROMPT }).count()).toBe(1);
  });

  it('a shortcut is picked in the ask box after / and asks its prompt', { timeout: 60_000 }, async () => {
    await page.goto('/account/shortcuts');
    await page.getByRole('button', { name: 'New shortcut' }).click();
    const form = page.getByRole('form', { name: 'Shortcut' });
    await form.getByRole('textbox', { name: 'Shortcut name' }).fill('Holding');
    await form.getByRole('textbox', { name: 'Prompt' }).fill('What is a holding pattern?');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Shortcut created').waitFor();
    await page.goto('/');
    await page.getByLabel('Ask anything').pressSequentially('/hol');
    await page
      .getByRole('listbox', { name: 'Shortcuts' })
      .getByRole('option', { name: /Holding/ })
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/search/') && u.pathname !== '/search/new', { timeout: 15_000 });
    await page.getByRole('article', { name: 'What is a holding pattern?' }).getByRole('button', { name: 'Check sources' }).waitFor({ timeout: 15_000 });
  });
});
