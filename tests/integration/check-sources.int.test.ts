// Check sources on the real server: the offline model's answer (sentences copied from the help
// corpus) comes out supported; only readers may check; a pending answer is refused; with an LLM
// configured (a loopback fake) its verdicts and reasons are used, and its failure falls back.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLlmFake } from '../fakes/llm.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, visitor as visitorOf } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect, sseEvents } from '../support/sse.js';

const visitor = (server: ServerProcess) => visitorOf(server.url);
const askRes = (server: ServerProcess, b: Browser, query_str: string) => askStream(server.url, b, { query_str });
const check = (b: Browser, backendUuid: string) => b.post(`/rest/threads/entries/${backendUuid}/sources/check`);

describe('offline model', () => {
  let database: { url: string; drop: () => Promise<void> };
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase('check_sources');
    server = await startServerProcess({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test('every cited sentence of the extractive answer gets a verdict, and they are supported', async () => {
    const owner = await visitor(server);
    const events = await collect(await askRes(server, owner, 'how do I share a thread?'));
    const { backend_uuid, thread_url_slug } = events[0].data;
    const entry = (await owner.get(`/rest/thread/${thread_url_slug}`)).json.entries[0];

    const res = await check(owner, backend_uuid);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ backend_uuid, checked_with: 'overlap' });
    const cited = new Set([...entry.answer.matchAll(/\[(\d+)\]/g)].map((m: RegExpMatchArray) => Number(m[1])));
    expect(res.json.sources_count).toBe(cited.size);
    expect(res.json.checks.length).toBeGreaterThan(0);
    for (const c of res.json.checks) {
      expect(c.sentence).not.toMatch(/\[\d+\]/);
      expect(entry.answer.replace(/\s*\[\d+\]/g, '')).toContain(c.sentence.replace(/[.!?]$/, ''));
      expect(c.citations.every((n: number) => n >= 1 && n <= entry.sources.length)).toBe(true);
      expect(c).toMatchObject({ verdict: 'supported', score: expect.any(Number) });
      expect(c.score).toBeGreaterThanOrEqual(0.6);
      expect(c.reason).toBeUndefined();
    }
    // The note on web search carries no marker, so it is not checked.
    expect(res.json.checks.some((c: { sentence: string }) => c.sentence.includes('Web search is off'))).toBe(false);
  });

  test('another visitor gets 403 thread_private; an unknown entry 404 entry_not_found', async () => {
    const owner = await visitor(server);
    const events = await collect(await askRes(server, owner, 'What does incognito mode do?'));
    const other = await visitor(server);
    const refused = await check(other, events[0].data.backend_uuid);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'thread_private' });
    expect(refused.text).not.toContain('incognito');
    const unknown = await check(owner, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'entry_not_found' });
  });
});

describe('with an LLM configured', () => {
  let database: { url: string; drop: () => Promise<void> };
  let server: ServerProcess;
  let llm: Awaited<ReturnType<typeof startLlmFake>>;
  beforeAll(async () => {
    database = await createTestDatabase('check_sources_llm');
    llm = await startLlmFake();
    server = await startServerProcess({ databaseUrl: database.url, env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_SECONDS: '5' } });
  });
  afterAll(async () => {
    await server?.stop();
    await llm?.close();
    await database?.drop();
  });

  const ANSWER = ['Open the thread and use the Share menu at the top of the page [1]. ', 'Bananas grow on tall plants in warm countries [1].'];

  test('the model judges each sentence once per answer: checked_with llm, its verdicts and reasons, overlap scores', async () => {
    llm.script({ chunks: ANSWER, related: 'Who can see my thread?' });
    const owner = await visitor(server);
    const events = await collect(await askRes(server, owner, 'how do I share a thread?'));
    expect(events.at(-1)!.event).toBe('completed');
    const judge = JSON.stringify({
      verdicts: [
        { index: 1, verdict: 'supported', reason: 'The passage names the Share menu.' },
        { index: 2, verdict: 'unsupported', reason: 'Nothing about bananas.' },
      ],
    });
    llm.script({ chunks: [], judge: `\`\`\`json\n${judge}\n\`\`\`` });
    const before = llm.requests.length;

    const res = await check(owner, events[0].data.backend_uuid);
    expect(res.status, res.text).toBe(200);
    expect(llm.requests.length - before).toBe(1);
    const prompt = JSON.stringify(llm.requests.at(-1)!.messages);
    expect(prompt).toContain('Sentence 1: Open the thread and use the Share menu at the top of the page.');
    expect(prompt).toContain('How do I share a thread?');
    // Asked as structured output: the provider is told to answer in JSON.
    expect((llm.requests.at(-1) as { response_format?: { type: string } }).response_format?.type).toMatch(/^json_(object|schema)$/);
    expect(res.json).toMatchObject({ checked_with: 'llm', sources_count: 1 });
    expect(res.json.checks).toEqual([
      {
        sentence: 'Open the thread and use the Share menu at the top of the page.',
        citations: [1],
        verdict: 'supported',
        score: 1,
        reason: 'The passage names the Share menu.',
      },
      { sentence: 'Bananas grow on tall plants in warm countries.', citations: [1], verdict: 'unsupported', score: 0, reason: 'Nothing about bananas.' },
    ]);

    // Prose instead of JSON: the overlap verdicts, and no reasons.
    llm.script({ chunks: [], judge: 'Looks fine to me!' });
    const fallback = await check(owner, events[0].data.backend_uuid);
    expect(fallback.json).toMatchObject({ checked_with: 'overlap' });
    expect(fallback.json.checks.map((c: { verdict: string }) => c.verdict)).toEqual(['supported', 'unsupported']);
    expect(fallback.json.checks.every((c: object) => !('reason' in c))).toBe(true);
  });

  test('while the answer is still being written: 409 entry_not_finished', async () => {
    llm.script({ chunks: Array.from({ length: 20 }, (_, i) => `word${i} `), delayMs: 100 });
    const owner = await visitor(server);
    const res = await askRes(server, owner, 'tell me a long story');
    let backendUuid = '';
    let refused: Awaited<ReturnType<typeof check>> | undefined;
    for await (const e of sseEvents(res)) {
      if (e.event === 'thread') backendUuid = e.data.backend_uuid;
      if (e.event === 'delta' && !refused) refused = await check(owner, backendUuid);
    }
    expect(refused!.status).toBe(409);
    expect(refused!.json).toMatchObject({ code: 'entry_not_finished', detail: 'This answer is still being written.' });
  });
});
