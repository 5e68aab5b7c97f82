// `make dev-mocks` (the UI against the mocks, what front-end work runs on): time to each page's
// first render in headless Chromium, and how many modules the browser fetched for it, for
// - cold: Vite's cache folder empty (a fresh machine, or dependencies changed),
// - warm: the same cache folder, the server started a second time.
// Baseline: the same measurement, in the same run, of a baseline commit's tree (default: the
// commit before issue 31; DEV_MOCKS_BASELINE=<ref> for another), unpacked with `git archive`
// into a temporary folder sharing this checkout's node_modules.
// Each page opens in a fresh browser context (no HTTP cache, no service worker yet), in the
// order a person would: home, a thread, /spaces, /account/details, signed in. The time runs
// from the navigation to the first frame that shows the page's heading, timed in the page: the
// test's own wait for the heading polls every 500 ms once it has waited 270 ms, so it saw the
// heading up to half a second late (that figure is kept beside it, as "seen").
// Median of 3 rounds (DEV_MOCKS_ROUNDS). Figures only.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { fmt, freePort, median, note, onInterrupt, ROOT, tempDir, type Row } from './util.js';

const BASELINE_REF = process.env.DEV_MOCKS_BASELINE ?? '8ff3c05a0261f4bf8717a2eb82c255742f05b38c';
const ROUNDS = Number(process.env.DEV_MOCKS_ROUNDS ?? 3);
const READY_TIMEOUT_MS = 120_000;
const RENDER_TIMEOUT_MS = 180_000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Each page and the heading it renders once its code and its data are in. */
const PAGES = [
  { name: 'home', path: '/', heading: 'What do you want to know?' },
  // No thread in the scenario's start: the thread page's code renders its "not found" state.
  { name: 'thread', path: '/search/bench-thread', heading: 'Thread not found' },
  { name: 'spaces', path: '/spaces', heading: 'Spaces' },
  { name: 'account', path: '/account/details', heading: 'Account details' },
] as const;

type Start = 'cold' | 'warm';
type Visit = { ms: number; seenMs: number; modules: number; kb: number };
type Figures = { startMs: number; pages: Record<string, Visit> };

export async function benchDevMocks(): Promise<Row[]> {
  const baseline = unpack(BASELINE_REF);
  const unregister = onInterrupt(async () => baseline.remove());
  const runs: Record<'baseline' | 'current', Record<Start, Figures[]>> = { baseline: { cold: [], warm: [] }, current: { cold: [], warm: [] } };
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    // The two checkouts' starts alternate (cold, cold, warm, warm; the first one swaps each
    // round), so a load that changes during the run (other work on the machine) weighs on both.
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
      const caches = { baseline: tempDir('ae-bench-vite-cache-'), current: tempDir('ae-bench-vite-cache-') };
      const checkouts = { baseline: baseline.dir, current: ROOT };
      try {
        for (const start of ['cold', 'warm'] as const)
          for (const which of order) {
            const figures = await measure(browser, checkouts[which], caches[which].dir);
            runs[which][start].push(figures);
            note(`dev-mocks: round ${round + 1}, ${which}, ${start}: ${summary(figures)}`);
          }
      } finally {
        caches.baseline.remove();
        caches.current.remove();
      }
    }
  } finally {
    await browser?.close();
    unregister();
    baseline.remove();
  }
  return rows(runs);
}

/** The baseline commit's tree in a temporary folder, with this checkout's node_modules. */
function unpack(ref: string) {
  const tmp = tempDir('ae-bench-dev-mocks-');
  execFileSync('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'unpack', ref, tmp.dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(tmp.dir, 'node_modules'));
  return tmp;
}

/** One server start: its time to listen, then each page in a fresh context. */
async function measure(browser: Browser, checkout: string, cacheDir: string): Promise<Figures> {
  const port = await freePort();
  const t = performance.now();
  const server = await startServer(checkout, port, cacheDir);
  const startMs = performance.now() - t;
  try {
    const pages: Record<string, Visit> = {};
    for (const p of PAGES) pages[p.name] = await visit(browser, `http://127.0.0.1:${port}${p.path}?scenario=signed-in`, p.heading);
    return { startMs, pages };
  } finally {
    await server.stop();
  }
}

async function visit(browser: Browser, url: string, heading: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Sizes from Content-Length (Vite sends it for every module): a response body's size was
    // sometimes not known yet when the page rendered.
    const modules: number[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') modules.push(Number(response.headers()['content-length'] ?? 0));
    });
    await page.addInitScript(timeFirstFrameShowing(heading));
    const t = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: RENDER_TIMEOUT_MS });
    await page.getByRole('heading', { name: heading, exact: true }).waitFor({ state: 'visible', timeout: RENDER_TIMEOUT_MS });
    const seenMs = performance.now() - t;
    const ms = await page.evaluate(() => (window as { firstFrameShowing?: number }).firstFrameShowing);
    if (ms === undefined) throw new Error(`${url}: the heading "${heading}" showed, but no frame was timed`);
    return { ms, seenMs, modules: modules.length, kb: modules.reduce((a, b) => a + b, 0) / 1024 };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page before its scripts: at each animation frame (the frame then paints), looks for a
 * visible heading with the text, and keeps the time of the first frame that has one, from the
 * navigation's start (the page's time origin), in window.firstFrameShowing. A string, not a
 * function: tsx's transform wraps named functions in a helper the page does not have.
 */
const timeFirstFrameShowing = (text: string) => `(() => {
  const text = ${JSON.stringify(text)};
  const shows = (el) => el.textContent.trim() === text && el.checkVisibility() && el.getBoundingClientRect().width > 0;
  const frame = (now) => {
    if ([...document.querySelectorAll('h1, h2, h3, [role="heading"]')].some(shows)) window.firstFrameShowing = now;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

type Server = { child: ChildProcess; stop: () => Promise<void> };

async function startServer(checkout: string, port: number, cacheDir: string): Promise<Server> {
  // Node with tsx's loader rather than the tsx CLI, so the child is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/bench/dev-mocks-server.ts'), checkout, String(port), cacheDir], {
    cwd: checkout,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const unregister = onInterrupt(stop);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev-mocks server not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)), READY_TIMEOUT_MS);
    child.stderr!.on('data', (d) => (output += d));
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev-mocks server exited with ${code}:\n${output}`));
    });
  }).catch(async (err) => {
    await stop();
    unregister();
    throw err;
  });
  return {
    child,
    stop: async () => {
      await stop();
      unregister();
    },
  };
}

const summary = (f: Figures) =>
  `listening ${fmt(f.startMs)} ms; ${Object.entries(f.pages)
    .map(([name, v]) => `${name} ${fmt(v.ms)} ms (seen ${fmt(v.seenMs)}), ${v.modules} modules, ${fmt(v.kb)} KB`)
    .join('; ')}`;

function rows(runs: Record<'baseline' | 'current', Record<Start, Figures[]>>): Row[] {
  const med = (fs: Figures[], pick: (f: Figures) => number) => median(fs.map(pick));
  const out: Row[] = [];
  const of = ROUNDS > 1 ? `, median of ${ROUNDS}` : '';
  const base = `${BASELINE_REF.slice(0, 7)}`;
  for (const start of ['cold', 'warm'] as const) {
    const [b, c] = [runs.baseline[start], runs.current[start]];
    for (const p of PAGES) {
      const [bm, cm] = [med(b, (f) => f.pages[p.name]!.ms), med(c, (f) => f.pages[p.name]!.ms)];
      const [bn, cn] = [med(b, (f) => f.pages[p.name]!.modules), med(c, (f) => f.pages[p.name]!.modules)];
      const [bk, ck] = [med(b, (f) => f.pages[p.name]!.kb), med(c, (f) => f.pages[p.name]!.kb)];
      const [bw, cw] = [med(b, (f) => f.pages[p.name]!.seenMs), med(c, (f) => f.pages[p.name]!.seenMs)];
      out.push({
        bench: `dev-mocks, ${start} start, ${p.name} (${p.path})${of}`,
        metric: 'first render (seen by the test); scripts fetched',
        measured: `${fmt(cm)} ms (${fmt(cw)}); ${fmt(cn)} modules, ${fmt(ck)} KB`,
        baseline: `${fmt(bm)} ms (${fmt(bw)}); ${fmt(bn)} modules, ${fmt(bk)} KB (${base})`,
        ratio: `x${fmt(cm / bm, 2)}`,
        budget: '(figure only)',
        verdict: '',
      });
    }
    const [bs, cs] = [med(b, (f) => f.startMs), med(c, (f) => f.startMs)];
    out.push({
      bench: `dev-mocks, ${start} start, server listening${of}`,
      metric: 'ms from spawn',
      measured: `${fmt(cs)} ms`,
      baseline: `${fmt(bs)} ms (${base})`,
      ratio: `x${fmt(cs / bs, 2)}`,
      budget: '(figure only)',
      verdict: '',
    });
  }
  return out;
}
