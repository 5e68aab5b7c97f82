// Budget (issue 33): `POST /v1/chat/completions` streaming at 20 concurrent, first byte p95 at most
// 1.2x the same questions through `POST /rest/threads/ask`, side by side in one run against the
// real server (a child process, production settings, the offline model, the help guide as the
// corpus). The two sides alternate in rounds so neither gets a warmer server. The API's keys are
// spread so no key passes its per-minute limit (services/apikeys/plans.ts: free, 10 a minute).
import http from 'node:http';
import { withBenchServer } from './bench-server.js';
import { percentile } from './answers-client.js';
import { questions } from './answers-corpus.js';
import { signUp } from './answers-setup.js';
import { fmt, note, sleep, verdict, type Row } from './util.js';

const CONCURRENCY = 20;
const ROUNDS = 4;
const PER_ROUND = 60;
const WARM = 40;
const KEYS = 50;
const TIMEOUT_MS = 30_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

type Side = 'ask' | 'api';

/** One streamed answer: ms to its first body byte, and whether it ended as it should. */
function stream(base: string, side: Side, question: string, auth: { cookie: string; key: string }): Promise<number> {
  const started = performance.now();
  const body =
    side === 'ask'
      ? JSON.stringify({ query_str: question, search_mode: 'auto' })
      : JSON.stringify({ model: 'offline-extractive', stream: true, messages: [{ role: 'user', content: question }] });
  const path = side === 'ask' ? '/rest/threads/ask' : '/v1/chat/completions';
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    accept: 'text/event-stream',
  };
  if (side === 'ask') headers.cookie = auth.cookie;
  else headers.authorization = `Bearer ${auth.key}`;
  return new Promise((resolve, reject) => {
    let first = 0;
    const req = http.request(`${base}${path}`, { method: 'POST', agent, headers });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        first ||= performance.now() - started;
        text += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        const ended = side === 'ask' ? text.includes('event: completed') : text.trimEnd().endsWith('data: [DONE]');
        if (res.statusCode !== 200 || !ended) reject(new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 300)}`));
        else resolve(first);
      });
    });
    req.end(body);
  });
}

async function run(base: string, side: Side, qs: string[], auth: { cookie: string; keys: string[] }, keyAt: { next: number }) {
  const firsts: number[] = [];
  const errors: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < qs.length; i = next++) {
        const key = auth.keys[keyAt.next++ % auth.keys.length];
        try {
          firsts.push(await stream(base, side, qs[i], { cookie: auth.cookie, key }));
        } catch (err) {
          errors.push(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  return { firsts, errors };
}

export async function benchAnswerApi(): Promise<Row[]> {
  return withBenchServer('answer-api', { poolSize: 4 }, async ({ db, server }) => {
    const { cookie } = await signUp(server.url, db);
    // A person has at most 25 live keys: the keys of two people, the first asking on /rest too.
    const keys: string[] = [];
    for (const owner of [cookie, (await sleep(5).then(() => signUp(server.url, db))).cookie])
      for (let i = 0; i < KEYS / 2; i++) {
        const res = await fetch(`${server.url}/rest/account/api-keys`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie: owner },
          body: JSON.stringify({ name: `bench ${i}`, scopes: ['answers:write'] }),
        });
        if (res.status !== 201) throw new Error(`creating a key answered ${res.status}: ${await res.text()}`);
        keys.push(((await res.json()) as { secret: string }).secret);
      }
    const auth = { cookie, keys };
    const keyAt = { next: 0 };
    const all = questions(WARM * 2 + ROUNDS * PER_ROUND);
    await run(server.url, 'ask', all.slice(0, WARM), auth, keyAt);
    await run(server.url, 'api', all.slice(WARM, WARM * 2), auth, keyAt);
    const firsts: Record<Side, number[]> = { ask: [], api: [] };
    const errors: Record<Side, string[]> = { ask: [], api: [] };
    for (let r = 0; r < ROUNDS; r++) {
      // The same questions on both sides, the side that goes first alternating.
      const qs = all.slice(WARM * 2 + r * PER_ROUND, WARM * 2 + (r + 1) * PER_ROUND);
      const order: Side[] = r % 2 ? ['api', 'ask'] : ['ask', 'api'];
      for (const side of order) {
        const out = await run(server.url, side, qs, auth, keyAt);
        firsts[side].push(...out.firsts);
        errors[side].push(...out.errors);
      }
    }
    const p = (side: Side, q: number) => percentile(firsts[side], q);
    note(
      `answer-api: ${firsts.api.length} API and ${firsts.ask.length} ask streams, errors ${errors.api.length} / ${errors.ask.length}${errors.api[0] ? ` (${errors.api[0]})` : ''}`,
    );
    const ratio = p('api', 95) / p('ask', 95);
    return [
      {
        bench: `answer API, streaming, ${CONCURRENCY} concurrent (${firsts.api.length} asks each side, offline model)`,
        metric: 'first byte p50 / p95',
        measured: `${fmt(p('api', 50), 1)} / ${fmt(p('api', 95), 1)} ms`,
        baseline: `/rest/threads/ask ${fmt(p('ask', 50), 1)} / ${fmt(p('ask', 95), 1)} ms`,
        ratio: `${fmt(ratio, 2)}x at p95`,
        budget: 'p95 <= 1.2x ask, no errors',
        verdict: verdict(ratio <= 1.2 && errors.api.length === 0 && errors.ask.length === 0),
      },
    ];
  });
}
