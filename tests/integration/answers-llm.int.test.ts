// Asking with an answer model and web search configured, both as loopback fakes: web sources
// first, the model's streamed text with its citations checked, a provider failing midway, a
// slow provider timing out, and a stop.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { startSearxngFake } from '../fakes/searxng.js';
import { createTestDatabase } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, sseEvents, type SseEvent } from '../support/sse.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
const WEB = [
  { url: 'https://example.org/sharing', title: 'Sharing threads', content: 'Threads are shared from the Share menu.', publishedDate: '2025-01-02T00:00:00' },
  { url: 'https://docs.example.com/links', title: 'Links', content: 'Copy the link and send it.' },
];

beforeAll(async () => {
  database = await createTestDatabase('answers_llm');
  llm = await startLlmFake();
  searx = await startSearxngFake(WEB);
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'test-key',
      LLM_TIMEOUT_SECONDS: '2',
      SEARXNG_URL: searx.url,
      WEB_PAGES_READ: 'false',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await llm?.close();
  await searx?.close();
  await database?.drop();
});

const ask = (query_str: string) =>
  fetch(`${server.url}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' },
    body: JSON.stringify({ query_str }),
  });
const deltas = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
const entry = async (slug: string) =>
  (
    (await (await fetch(`${server.url}/rest/thread/${slug}`, { headers: { cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' } })).json()) as any
  ).entries.at(-1);

test("web sources from SearXNG and the model's streamed text, with invented citations dropped", async () => {
  llm.script({ chunks: ['Use the ', 'Share menu [1', '] and copy ', 'the link [2][9].'], related: '1. Who can see my thread?\n2. What is incognito mode?' });
  const all = await collect(await ask('how do I share a thread?'));
  // A web answer says what it is doing first (live only, not part of the recorded events).
  expect(all.filter((e) => e.event === 'status').map((e) => e.data.step)).toEqual(['searching', 'writing']);
  const events = all.filter((e) => e.event !== 'status');
  expect(events.map((e) => e.event)).toEqual(['thread', 'sources', ...Array(events.length - 4).fill('delta'), 'related', 'completed']);
  const sources = events[1].data.sources;
  expect(sources.slice(0, 2)).toEqual([
    {
      url: 'https://example.org/sharing',
      name: 'Sharing threads',
      snippet: 'Threads are shared from the Share menu.',
      meta_data: { domain_name: 'example.org', published_date: '2025-01-02T00:00:00' },
    },
    {
      url: 'https://docs.example.com/links',
      name: 'Links',
      snippet: 'Copy the link and send it.',
      meta_data: { domain_name: 'docs.example.com', published_date: null },
    },
  ]);
  expect(sources.length).toBeGreaterThan(2); // the help corpus too
  expect(searx.queries.at(-1)).toBe('how do I share a thread?');
  const text = deltas(events);
  expect(text).toBe('Use the Share menu [1] and copy the link [2].');
  expect(events.at(-2)!.data.questions).toEqual(['Who can see my thread?', 'What is incognito mode?']);
  // The model saw numbered sources and the key.
  const request = llm.requests.find((r) => r.stream)!;
  expect(JSON.stringify(request.messages)).toContain('[1] Sharing threads (https://example.org/sharing)');
  const saved = await entry(events[0].data.thread_url_slug);
  expect(saved).toMatchObject({ status: 'completed', answer: text, model: 'fake-model' });
});

test('the server says it searches the web and answers with a configured model', async () => {
  const res = await fetch(`${server.url}/rest/server/features`);
  expect(await res.json()).toEqual({
    web_search: true,
    billing: false,
    translation: false,
    voice_input: false,
    answer_model: 'llm',
    bug_reports: false,
    bug_report_hook: null,
    try_on: false,
    shopping: false,
    places: false,
    map_tiles: null,
  });
});

test('a provider failing midway: failed event with "stream error", the partial text kept', async () => {
  llm.script({ chunks: ['First part [1]. ', 'Second part. ', 'never sent'], failAfter: 2 });
  const events = await collect(await ask('what happens when it breaks?'));
  expect(events.at(-1)!.event).toBe('failed');
  expect(events.at(-1)!.data).toMatchObject({ error: 'stream error', detail: expect.stringMatching(/^The answer model failed/) });
  expect(deltas(events)).toBe('First part [1]. Second part. ');
  const saved = await entry(events[0].data.thread_url_slug);
  expect(saved).toMatchObject({ status: 'failed', answer: 'First part [1]. Second part. ', error: expect.stringMatching(/^The answer model failed/) });
});

test('a slow provider times out after LLM_TIMEOUT_SECONDS with a clear detail', async () => {
  llm.script({ chunks: ['Slow [1]. ', 'slower'], delayMs: 3000 });
  const events = await collect(await ask('is anyone there?'));
  expect(events.at(-1)!.data).toMatchObject({ error: 'stream error', detail: 'The answer model did not respond within 2 seconds.' });
  // Given up before the first chunk (due after 3 s), not after the whole slow answer.
  expect(deltas(events)).toBe('');
  expect((await entry(events[0].data.thread_url_slug)).status).toBe('failed');
});

test('stop ends a running answer as stopped, keeping its text; the stream ends with completed/stopped', async () => {
  llm.script({ chunks: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 100 });
  const res = await ask('tell me a long story');
  const seen: SseEvent[] = [];
  for await (const e of sseEvents(res)) {
    seen.push(e);
    if (e.event === 'delta' && seen.filter((x) => x.event === 'delta').length === 3) {
      const stop = await fetch(`${server.url}/rest/threads/entries/${seen[0].data.backend_uuid}/stop`, {
        method: 'POST',
        headers: { cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' },
      });
      expect(stop.status).toBe(204);
    }
  }
  expect(seen.at(-1)).toMatchObject({ event: 'completed', data: { status: 'stopped' } });
  const text = deltas(seen);
  expect(text).toMatch(/^word0 word1 word2 /);
  expect(text).not.toContain('word39');
  const saved = await entry(seen[0].data.thread_url_slug);
  expect(saved).toMatchObject({ status: 'stopped', answer: text });
  // Stopping again changes nothing.
  expect(
    (
      await fetch(`${server.url}/rest/threads/entries/${seen[0].data.backend_uuid}/stop`, {
        method: 'POST',
        headers: { cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' },
      })
    ).status,
  ).toBe(204);
});

test('closing the connection does not stop the answer: it completes and the stream can be resumed', async () => {
  llm.script({ chunks: Array.from({ length: 10 }, (_, i) => `part${i} `), delayMs: 50 });
  const controller = new AbortController();
  const res = await fetch(`${server.url}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' },
    body: JSON.stringify({ query_str: 'keep going without me' }),
    signal: controller.signal,
  });
  let thread: any;
  for await (const e of sseEvents(res)) {
    thread = e.data;
    break; // the tab closes right after the thread event
  }
  controller.abort();
  const resumed = await collect(
    await fetch(`${server.url}/rest/threads/entries/${thread.backend_uuid}/events`, {
      headers: { cookie: 'visitor_id=11111111-2222-4333-8444-555555555555', 'last-event-id': '0' },
    }),
  );
  expect(resumed.at(-1)).toMatchObject({ event: 'completed', data: { status: 'completed' } });
  expect(deltas(resumed)).toBe(Array.from({ length: 10 }, (_, i) => `part${i} `).join(''));
  expect((await entry(thread.thread_url_slug)).status).toBe('completed');
});

test('a follow-up reaches the model with the conversation before it, and is searched with what it was about', async () => {
  llm.script({ chunks: ['Use the Share menu [1].'] });
  const first = await collect(await ask('How do I share a thread?'));
  const { context_uuid } = first[0].data as { context_uuid: string };
  llm.script({ chunks: ['Choose everyone in the Share menu [1].'] });
  const followUp = await fetch(`${server.url}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'visitor_id=11111111-2222-4333-8444-555555555555' },
    body: JSON.stringify({ query_str: 'Can I make it public?', context_uuid }),
  });
  expect((await collect(followUp)).at(-1)!.event).toBe('completed');
  const asked = llm.requests.filter((r) => r.stream).at(-1)!;
  expect(asked.messages.slice(1, 3)).toEqual([
    { role: 'user', content: 'How do I share a thread?' },
    { role: 'assistant', content: 'Use the Share menu [1].' },
  ]);
  expect(asked.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(/Question: Can I make it public\?$/) });
  expect(searx.queries.at(-1)).toBe('Can I make it public share thread');
});
