// The Content-Security-Policy in Chromium: the web app and the API docs page run under their
// policies with no violation, and the docs page loads nothing from anywhere but this server.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let e2e: E2E;

beforeAll(async () => {
  // `make test` builds the docs first; a lone run builds them here.
  if (!existsSync(`${ROOT}dist/api-docs.html`)) await promisify(execFile)('make', ['docs'], { cwd: ROOT });
  e2e = await startE2E();
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

/** Every address the page asked for, and every CSP violation it reported. */
function watch(page: Page) {
  const requests: string[] = [];
  const violations: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { requests, violations };
}

describe('Content-Security-Policy', () => {
  it('the web app runs with no violation (no inline script)', async () => {
    const page = await e2e.page();
    const seen = watch(page);
    await page.goto('/');
    await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
    expect(seen.violations).toEqual([]);
  });

  it('the API docs page renders offline: every request goes to this server, no violation', async () => {
    const page = await e2e.page();
    const seen = watch(page);
    await page.goto('/api/docs', { waitUntil: 'networkidle' });
    await page.getByText('Answer Engine API').first().waitFor();
    // A script that did not run would leave the prerendered menu's "Loading..." search box.
    await page
      .getByRole('link', { name: /threads/i })
      .first()
      .waitFor();
    const origin = new URL(e2e.url).origin;
    expect(seen.requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin)).toEqual([]);
    expect(seen.violations).toEqual([]);
  });
});
