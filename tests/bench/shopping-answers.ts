// Budget (issue 35): an answer with product cards adds no more than 1.2x to the same answer's
// `sources` p95 without them. The real server (production settings, the offline model) with
// 10,000 passages of the asker and a merchant's 100,000 products; each buying question is asked
// twice, one after the other, at 1 concurrent: alone, and with its product cards asked
// (search-shopping-for-entry) the moment the stream names its entry, so the card search runs
// alongside the answer, earlier than the web app asks (it waits for `completed`): the harder case.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './answers-client.js';
import { questions } from './answers-corpus.js';
import { loadPassages, otherUsers, signUp } from './answers-setup.js';
import { withBenchServer } from './bench-server.js';
import { feedItems } from './shopping-catalogue.js';
import { tsvFeed } from '../fakes/merchant-feed.js';
import { fmt, note, sleep, tempDir, verdict, type Row } from './util.js';

const PRODUCTS = 100_000;
const PASSAGES = 10_000;
const ASKS = 200;
const WARM = 20;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

type Timed = { sources: number; cards: number | null };

function post(base: string, path: string, cookie: string, body: unknown): Promise<{ status: number; text: string }> {
  const json = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), cookie },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.end(json);
  });
}

/** Asks; with `withCards`, asks for the entry's product cards as soon as the `thread` event names it. */
function ask(base: string, cookie: string, question: string, withCards: boolean): Promise<Timed> {
  const started = performance.now();
  const body = JSON.stringify({ query_str: question, search_mode: 'auto' });
  return new Promise((resolve, reject) => {
    let sources = 0;
    let cards: Promise<number> | null = null;
    const req = http.request(`${base}/rest/threads/ask`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'text/event-stream', cookie },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (withCards && !cards) {
          const m = /event: thread\ndata: (.*)\n/.exec(text);
          if (m) {
            const t = JSON.parse(m[1]!) as { context_uuid: string; backend_uuid: string };
            const c0 = performance.now();
            cards = post(base, '/rest/shopping/search-shopping-for-entry', cookie, {
              query: question,
              read_write_token: t.context_uuid,
              entry_uuid: t.backend_uuid,
            }).then((r) => {
              if (r.status !== 200 || !r.text.includes('"option_key"')) throw new Error(`product cards answered ${r.status}: ${r.text.slice(0, 200)}`);
              return performance.now() - c0;
            });
          }
        }
        if (!sources && text.includes('event: sources\n')) sources = performance.now() - started;
      });
      res.on('end', () => {
        if (res.statusCode !== 200 || !text.includes('event: completed') || !sources)
          return reject(new Error(`ask failed: ${res.statusCode} ${text.slice(0, 300)}`));
        if (!cards) return resolve({ sources, cards: null });
        (cards as Promise<number>).then((c) => resolve({ sources, cards: c }), reject);
      });
    });
    req.end(body);
  });
}

export async function benchShoppingAnswers(): Promise<Row[]> {
  const feed = tempDir('ae-bench-shop-feed-');
  const file = join(feed.dir, 'feed.tsv');
  writeFileSync(file, tsvFeed(feedItems(PRODUCTS)));
  writeFileSync(join(feed.dir, 'merchants.json'), JSON.stringify([{ id: 'bench', name: 'Bench Outdoors', file }]));
  try {
    return await withBenchServer(
      'shopping-answers',
      { poolSize: 4, env: { MERCHANT_FEEDS_FILE: join(feed.dir, 'merchants.json') } },
      async ({ db, server }) => {
        const { cookie, userId } = await signUp(server.url, db);
        await loadPassages(db, userId, { parts: [{ from: 1, to: PASSAGES, share: 1 }], others: otherUsers() });
        // The first sync runs as the server starts.
        for (let i = 0; ; i++) {
          const res = await fetch(`${server.url}/rest/shopping/merchant-feeds`);
          const { merchants } = (await res.json()) as { merchants: { product_count: number }[] };
          if ((merchants[0]?.product_count ?? 0) >= PRODUCTS) break;
          if (i > 1200) throw new Error('the bench feed did not sync within 10 minutes');
          await sleep(500);
        }
        // Questions about the passages' words that are also buying questions, with products' words in them.
        const nouns = ['jacket', 'boots', 'tent', 'kettle', 'backpack', 'lamp'];
        const qs = questions(ASKS + WARM).map((q, i) => `${q.replace(/\?$/, '')} and a waterproof ${nouns[i % nouns.length]} under 200 euros?`);
        for (const q of qs.slice(0, WARM)) {
          await ask(server.url, cookie, q, false);
          await ask(server.url, cookie, q, true);
        }
        const without: number[] = [];
        const withCards: number[] = [];
        const cardTimes: number[] = [];
        for (const q of qs.slice(WARM)) {
          without.push((await ask(server.url, cookie, q, false)).sources);
          const w = await ask(server.url, cookie, q, true);
          withCards.push(w.sources);
          cardTimes.push(w.cards ?? 0);
        }
        const a = percentile(without, 95);
        const b = percentile(withCards, 95);
        note(
          `shopping-answers: sources p95 ${fmt(b, 1)} ms with product cards, ${fmt(a, 1)} ms without (p50 ${fmt(percentile(withCards, 50), 1)} / ${fmt(percentile(without, 50), 1)} ms); the cards' own p95 ${fmt(percentile(cardTimes, 95), 1)} ms`,
        );
        return [
          {
            bench: `shopping-answers (${fmt(PASSAGES)} passages, ${fmt(PRODUCTS)} products)`,
            metric: 'sources p95, 1 concurrent, with product cards',
            measured: `${fmt(b, 1)} ms`,
            baseline: `${fmt(a, 1)} ms without`,
            ratio: `${(b / a).toFixed(2)}x`,
            budget: '<= 1.2x',
            verdict: verdict(b / a <= 1.2),
          },
        ];
      },
    );
  } finally {
    feed.remove();
  }
}
