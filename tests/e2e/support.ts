// End-to-end harness: the real server on a fresh database, serving the built web app, driven by
// Debian's Chromium. One Chromium per worker, shared by its files; `close()` stops the file's
// server and closes its browser contexts in afterAll.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { createTestDatabase } from '../support/database.js';
import { databaseOf, mailedLink } from '../support/mailbox.js';
import { startServerProcess } from '../support/server-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INDEX = `${ROOT}dist/web/index.html`;
const LOCK = `${ROOT}dist/.e2e-web-build.lock`;
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** `make test` builds first; a lone `vitest run tests/e2e` builds here, once across parallel files. */
export async function ensureWebBuilt() {
  if (existsSync(INDEX)) return;
  mkdirSync(`${ROOT}dist`, { recursive: true });
  if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 300_000) rmSync(LOCK, { recursive: true, force: true });
  let mine = false;
  try {
    mkdirSync(LOCK);
    mine = true;
  } catch {
    // another test file is building
  }
  if (mine) {
    try {
      // As `make build` does: under vitest NODE_ENV is "test", which would build React's development code.
      await promisify(execFile)(process.execPath, [`${ROOT}node_modules/vite/bin/vite.js`, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
      });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
  const deadline = Date.now() + 120_000;
  while (!existsSync(INDEX) || existsSync(LOCK)) {
    if (Date.now() > deadline) throw new Error('dist/web was not built in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type E2E = {
  url: string;
  browser: Browser;
  page: (opts?: BrowserContextOptions) => Promise<Page>;
  /** What the server printed so far (its log, as the terminal running `make start` shows it). */
  logs: () => string;
  close: () => Promise<void>;
};

let workerChromium: Promise<Browser> | null = null;

/**
 * The shared browser is Debian's chromium-headless-shell (the same Chromium build in its old
 * headless mode, what Playwright itself drives headless): Chromium's new headless mode keeps
 * drawing every open page, about a tenth of a core each while the page is idle, and the shell
 * does not (six idle pages: 3.3 s of CPU per 10 s against 0.1 s; two e2e files: 45.5 s of
 * Chromium CPU against 25.8 s). A file that needs the full browser (an extension, a fake camera)
 * gets /usr/bin/chromium of its own (startE2E's `chromiumArgs`, `fullChromium`), as does one that needs what
 * the shell lacks: a push service, the microphone's permission prompt. CHROMIUM_PATH names one browser for both.
 */
const SHARED_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const OWN_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The worker's Chromium: the browser tests' files share their worker's modules (isolate: false),
 * so one launch serves them all, each file in its own contexts (about a second of CPU less a
 * file). One that died is launched again; Playwright ends it when the worker exits.
 */
async function sharedChromium(): Promise<Browser> {
  const running = workerChromium && (await workerChromium.catch(() => null));
  if (running?.isConnected()) return running;
  workerChromium = chromium.launch({ executablePath: SHARED_CHROMIUM, args: CHROMIUM_ARGS });
  return workerChromium;
}

/**
 * `env` configures the server, e.g. SEARXNG_URL and LLM_* pointing at the fakes; `port` when a fake must know it first;
 * `chromiumArgs` adds switches (e.g. Chromium's fake camera), and `fullChromium` asks for what only the full browser
 * has (its push service, its microphone permission): such a file gets a Chromium of its own, closed with it.
 */
export async function startE2E(opts: { env?: Record<string, string>; port?: number; chromiumArgs?: string[]; fullChromium?: boolean } = {}): Promise<E2E> {
  await ensureWebBuilt();
  const db = await createTestDatabase('e2e');
  const server = await startServerProcess({ databaseUrl: db.url, env: opts.env, port: opts.port });
  const own =
    opts.chromiumArgs?.length || opts.fullChromium
      ? await chromium.launch({ executablePath: OWN_CHROMIUM, args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])] })
      : null;
  const browser = own ?? (await sharedChromium());
  const contexts = new Set<BrowserContext>();
  return {
    url: server.url,
    browser,
    logs: () => server.logs(),
    /**
     * A fresh browser profile (no cookies, empty localStorage) at desktop size unless told, asking
     * for less motion: spinners and pulses stand still (styles.css), so Chromium does not draw
     * frames for them while a test waits (a quarter less of its GPU process's CPU, three files).
     */
    page: async (opts = {}) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: 'light',
        reducedMotion: 'reduce',
        ...opts,
        baseURL: server.url,
      });
      contexts.add(context);
      context.setDefaultTimeout(10_000);
      return context.newPage();
    },
    close: async () => {
      await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
      await own?.close().catch(() => {});
      await server.stop();
      await db.drop();
    },
  };
}

export type Account = { name: string; email: string; password: string };

/** Creates an account from the sidebar's Sign in, on the page already open, and waits for the welcome. */
/** Fills in and sends the sign-up form (signed in at once only on a server without mail). */
export async function signUp(page: Page, account: Account) {
  const dialog = page.getByRole('dialog');
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  // Signed in at once on a server without mail; where mail leaves, the form says to check the inbox.
  await page
    .getByText(`Welcome, ${account.name}! Your account is ready.`)
    .or(dialog.getByText(/^Check your inbox/))
    .waitFor();
}

/**
 * Creates an account through the sign-up call, from this page (which must be on the app), so the
 * session cookie is the page's: for the tests that are not about signing up. The app reads the
 * session when it next loads (a reload, or the test's next page).
 */
export async function signUpThroughApi(page: Page, account: { name: string; email: string; password?: string }) {
  const status = await page.evaluate(
    async (body) =>
      (await fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    { name: account.name, email: account.email, password: account.password ?? 'correct horse battery' },
  );
  if (status !== 200) throw new Error(`signing up ${account.email} answered ${status}`);
}

/**
 * Opens, in this page, the verification link mailed to `email` (read from the server's outbox,
 * as an administrator of a mail-less server could) and waits until the page says it worked.
 */
export async function verifyByMailedLink(page: Page, email: string) {
  const origin = new URL(page.url()).origin;
  const database = databaseOf(origin);
  if (!database) throw new Error(`no database known for ${origin}`);
  const link = await mailedLink(database, email, '/verify-email');
  await page.goto(link.pathname + link.search);
  await page.getByText(`${email} is verified. Thank you!`).waitFor();
}

/** Asks from the home page, waits for the whole answer, and gives the links of its source cards (each card: title, then its origin). */
export async function askForSources(page: Page, question: string) {
  await page.goto('/');
  await page.getByLabel('Ask anything').fill(question);
  await page.keyboard.press('Enter');
  const entry = page.getByRole('article', { name: question });
  await entry.getByRole('button', { name: 'Rewrite' }).waitFor({ timeout: 20_000 });
  return entry.getByRole('list', { name: 'Sources' }).getByRole('link');
}

/** Asks until an answer cites a source whose card reads `card` (a sync may still be bringing it in); that card's link. */
export async function askUntilCited(page: Page, question: string, card: RegExp) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const cited = (await askForSources(page, question)).filter({ hasText: card });
    if ((await cited.count()) > 0) return cited.first();
    if (Date.now() > deadline) throw new Error(`no answer to "${question}" cited ${card} within 60 s`);
  }
}
