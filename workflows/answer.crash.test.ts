// A SIGKILL while the answer is being written: after a restart on the same database the entry
// ends (failed, as "interrupted", never pending) and the SSE resume endpoint ends too.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLlmFake } from '../tests/fakes/llm.js';
import { killHard, waitUntilFinished, workflowSteps } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { collect, sseEvents, type SseEvent } from '../tests/support/sse.js';
import { answerWorkflowId } from './answer.js';
import { INTERRUPTED } from '../services/answers/index.js';

let database: { url: string; drop: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startLlmFake>>;
beforeAll(async () => {
  database = await createTestDatabase('answer_crash');
  llm = await startLlmFake({ chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 100 });
});
afterAll(async () => {
  await llm?.close();
  await database?.drop();
});

const COOKIE = { cookie: 'visitor_id=99999999-2222-4333-8444-555555555555' };

test('killed mid-generation, restarted: the entry fails cleanly and its stream ends', { timeout: 120_000 }, async () => {
  const env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_SECONDS: '5' };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const res = await fetch(`${first.url}/rest/threads/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...COOKIE },
    body: JSON.stringify({ query_str: 'write a long answer' }),
  });
  const seen: SseEvent[] = [];
  const reading = (async () => {
    for await (const e of sseEvents(res)) seen.push(e);
  })().catch(() => {});
  // Wait for a few pieces of text, then kill the server while it writes.
  await expect.poll(() => seen.filter((e) => e.event === 'delta').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const { backend_uuid, thread_url_slug } = seen[0].data;
  expect((await workflowSteps(database.url, answerWorkflowId(backend_uuid))).map((s) => s.name)).toContain('retrieve');
  await killHard(first);
  await reading;

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const status = await waitUntilFinished(database.url, answerWorkflowId(backend_uuid));
    expect(status.status).toBe('SUCCESS');
    const thread = (await (await fetch(`${restarted.url}/rest/thread/${thread_url_slug}`, { headers: COOKIE })).json()) as any;
    expect(thread.entries[0]).toMatchObject({ status: 'failed', error: INTERRUPTED });
    // The text streamed before the crash is kept.
    const streamed = seen
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(thread.entries[0].answer.startsWith(streamed)).toBe(true);
    expect(thread.entries[0].answer).toContain('w0 w1 ');
    // The resume endpoint replays what was streamed and ends with the failure.
    const resumed = await collect(await fetch(`${restarted.url}/rest/threads/entries/${backend_uuid}/events`, { headers: COOKIE }));
    expect(resumed.at(-1)).toMatchObject({ event: 'failed', data: { error: 'stream error', detail: INTERRUPTED } });
    expect(resumed.map((e) => e.event).slice(0, 2)).toEqual(['thread', 'sources']);
    expect(
      resumed
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(thread.entries[0].answer);
  } finally {
    expect(await restarted.stop('SIGTERM')).toBe(0);
  }
});
