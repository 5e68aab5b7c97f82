// `make dev-mocks` in a real browser: the MSW worker answers the API with the server's rules,
// request validation included (Ajv and the bundled spec run in the page, not only in Node), and
// leaves the app's code to the network (web/mocks-worker.ts).
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';

let vite: ViteDevServer;
let browser: Browser;
beforeAll(async () => {
  vite = await createServer({ configFile: 'web/vite.config.ts', mode: 'mocks', logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } });
  await vite.listen();
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
  await vite?.close();
});

test('the browser mocks refuse and accept Spaces as the server does', async () => {
  const page = await browser.newPage();
  const started = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('[mocks] scenario "signed-in"'), timeout: 60_000 });
  await page.goto(`${vite.resolvedUrls!.local[0]}?scenario=signed-in`);
  await started;
  const create = (title: string) =>
    page.evaluate(async (t) => {
      const res = await fetch('/rest/collections/create_collection', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: t }),
      });
      const body = await res.json();
      return { status: res.status, code: body.code ?? null, title: body.title ?? null };
    }, title);
  expect(await create('   ')).toMatchObject({ status: 400, code: 'title_required' });
  expect(await create('x'.repeat(101))).toMatchObject({ status: 400, code: 'invalid_request' });
  expect(await create('  Trip  ')).toEqual({ status: 201, code: null, title: 'Trip' });
});

test("the worker answers the API and lets the app's code go straight to the network", async () => {
  const page = await browser.newPage();
  const started = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('[mocks] scenario "signed-in"'), timeout: 60_000 });
  await page.goto(`${vite.resolvedUrls!.local[0]}?scenario=signed-in`);
  await started;
  const byWorker = new Map<string, boolean>();
  page.on('response', (r) => byWorker.set(new URL(r.url()).pathname, r.fromServiceWorker()));
  // A page's code that home does not load, asked for once the worker is in charge; then an API call.
  // (A string: the test's own transform would rewrite a dynamic import in a function.)
  const status = await page.evaluate("import('/src/features/pages/not-found-page.tsx').then(() => fetch('/rest/session')).then((r) => r.status)");
  expect(status).toBe(200);
  expect(byWorker.get('/src/features/pages/not-found-page.tsx')).toBe(false);
  expect(byWorker.get('/rest/session')).toBe(true);
});
