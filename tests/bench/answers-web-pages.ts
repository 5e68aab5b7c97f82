// Budget (issue 33): a web answer that reads its six result pages, each served by the local site
// in 100 ms, against the snippet-only answer, side by side in the same run (two instances of the
// server on one database, one with WEB_PAGES_READ=false, asked in turn): first SSE byte p95 at
// most 1.1x the snippet-only answer's, whole answer p95 under 1.5 s, 1 ask at a time. Every ask's
// pages have addresses of their own, so each is fetched and parsed (no cache hit).
import { startSearxngFake } from '../fakes/searxng.js';
import { startWebSite } from '../fakes/web-site.js';
import { startServerProcess } from '../support/server-process.js';
import { percentile, runAsks, type Timing } from './answers-client.js';
import { withBenchServer } from './bench-server.js';
import { signUp } from './answers-setup.js';
import { fmt, note, tempDir, verdict, type Row } from './util.js';

const PAGE_DELAY_MS = 100;
const ASKS = 60;
const WARM = 10;
const BUDGET = { firstRatio: 1.1, wholeMs: 1500 };
const DOCS = ['altitude-boiling', 'pressure-cooking', 'everest-expedition', 'sourdough', 'altitude-boiling', 'pressure-cooking'];
const QUESTIONS = [
  'What is the boiling point of water at high altitude?',
  'How long should a pressure cooker cook beans at altitude?',
  'How do expedition cooks boil water at base camp?',
  'How often should a sourdough starter be fed?',
];

export async function benchAnswersWebPages(): Promise<Row[]> {
  const site = await startWebSite({ delayMs: PAGE_DELAY_MS });
  const searx = await startSearxngFake([]);
  const env = { SEARXNG_URL: searx.url, SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort };
  try {
    return await withBenchServer('answers-web-pages', { poolSize: 4, env: { ...env, INSTANCE_ID: 'pages' } }, async ({ db, server, databaseUrl }) => {
      const dir = tempDir('ae-bench-snippets-');
      const snippets = await startServerProcess({
        databaseUrl,
        env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dir.dir, INSTANCE_ID: 'snippets', WEB_PAGES_READ: 'false', ...env },
      });
      try {
        const { cookie } = await signUp(server.url, db);
        let n = 0;
        // Six results whose addresses no ask used before, so every page is fetched and read.
        const askOnce = async (base: string, question: string) => {
          n++;
          searx.results(
            DOCS.map((doc, i) => ({ url: `${site.url}/docs/${doc}?ask=${n}-${i}`, title: `Result ${i + 1}`, content: `A search snippet about ${doc}.` })),
          );
          const { timings, errors } = await runAsks(base, cookie, [question], 1);
          if (errors.length) throw new Error(errors[0]);
          return timings[0];
        };
        const pages: Timing[] = [];
        const plain: Timing[] = [];
        for (let i = 0; i < WARM; i++) {
          await askOnce(server.url, QUESTIONS[i % QUESTIONS.length]);
          await askOnce(snippets.url, QUESTIONS[i % QUESTIONS.length]);
        }
        // In turn, so the shared machine's load falls on both alike.
        for (let i = 0; i < ASKS; i++) {
          pages.push(await askOnce(server.url, QUESTIONS[i % QUESTIONS.length]));
          plain.push(await askOnce(snippets.url, QUESTIONS[i % QUESTIONS.length]));
        }
        const read = pages.filter((t) => t.foreign > DOCS.length).length;
        note(`answers-web-pages: ${ASKS} asks each; ${read} web answers had more web sources than results (passages of the pages read)`);
        const p95 = (xs: Timing[], k: keyof Timing) =>
          percentile(
            xs.map((t) => t[k]),
            95,
          );
        const p50 = (xs: Timing[], k: keyof Timing) =>
          percentile(
            xs.map((t) => t[k]),
            50,
          );
        const ratio = p95(pages, 'first') / p95(plain, 'first');
        const label = `answers, web pages read (6 pages at ${PAGE_DELAY_MS} ms each, 1 concurrent, ${ASKS} asks)`;
        return [
          {
            bench: label,
            metric: 'first SSE byte p50 / p95',
            measured: `${fmt(p50(pages, 'first'), 1)} / ${fmt(p95(pages, 'first'), 1)} ms`,
            baseline: `snippets only ${fmt(p50(plain, 'first'), 1)} / ${fmt(p95(plain, 'first'), 1)} ms`,
            ratio: `${fmt(ratio, 2)}x at p95`,
            budget: `p95 <= ${BUDGET.firstRatio}x`,
            verdict: verdict(ratio <= BUDGET.firstRatio),
          },
          {
            bench: label,
            metric: '`sources` event p50 / p95',
            measured: `${fmt(p50(pages, 'sources'), 1)} / ${fmt(p95(pages, 'sources'), 1)} ms`,
            baseline: `snippets only ${fmt(p50(plain, 'sources'), 1)} / ${fmt(p95(plain, 'sources'), 1)} ms`,
            ratio: '',
            budget: '(figure only)',
            verdict: '',
          },
          {
            bench: label,
            metric: 'whole answer p50 / p95',
            measured: `${fmt(p50(pages, 'whole'), 1)} / ${fmt(p95(pages, 'whole'), 1)} ms`,
            baseline: `snippets only ${fmt(p50(plain, 'whole'), 1)} / ${fmt(p95(plain, 'whole'), 1)} ms`,
            ratio: '',
            budget: `p95 < ${fmt(BUDGET.wholeMs)} ms`,
            verdict: verdict(p95(pages, 'whole') < BUDGET.wholeMs),
          },
          {
            bench: label,
            metric: 'answers with more web sources than results (pages read)',
            measured: `${read} / ${ASKS}`,
            baseline: '',
            ratio: '',
            budget: `${ASKS} / ${ASKS}`,
            verdict: verdict(read === ASKS),
          },
        ];
      } finally {
        await snippets.stop().catch(() => null);
        dir.remove();
      }
    });
  } finally {
    await searx.close();
    await site.close();
  }
}
