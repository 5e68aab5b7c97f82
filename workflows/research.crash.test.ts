// A SIGKILL while a Research report writes its first section: after a restart on the same
// database the report resumes where it was (the plan, searches, reading and reflection are not
// done again) and completes, with every step recorded once and the stream ending `completed`.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLlmFake } from '../tests/fakes/llm.js';
import { startSearxngFake } from '../tests/fakes/searxng.js';
import { startWebSite } from '../tests/fakes/web-site.js';
import { killHard, waitUntilFinished, workflowSteps } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { Browser } from '../tests/support/http.js';
import { askStream, signedUp } from '../tests/support/people.js';
import { RESEARCH_SECTIONS, researchScript } from '../tests/support/research-llm.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { collect, type SseEvent, sseEvents } from '../tests/support/sse.js';
import { researchWorkflowId } from './research.js';

let database: { url: string; drop: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let searx: Awaited<ReturnType<typeof startSearxngFake>>;
let site: Awaited<ReturnType<typeof startWebSite>>;
beforeAll(async () => {
  database = await createTestDatabase('research_crash');
  site = await startWebSite();
  llm = await startLlmFake({ chunks: ['Quick [1].'], respond: researchScript({ slowMs: 2_000 }) });
  searx = await startSearxngFake([{ url: `${site.url}/docs/altitude-boiling`, title: 'Boiling at altitude', content: 'Water boils cooler up high.' }]);
});
afterAll(async () => {
  await llm?.close();
  await searx?.close();
  await site?.close();
  await database?.drop();
});

const asked = (system: string) => llm.requests.filter((r) => r.messages.some((m) => m.role === 'system' && m.content.includes(system))).length;

test('killed mid-report, restarted: the report resumes after its last finished step and completes', { timeout: 120_000 }, async () => {
  const env = {
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_TIMEOUT_SECONDS: '10',
    SEARXNG_URL: searx.url,
    SPACE_LINKS_ALLOW_PRIVATE_HOSTS: site.hostPort,
  };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const person = await signedUp(first.url, 'Crash Researcher');
  const res = await askStream(first.url, person, { query_str: 'A slow report on boiling at altitude', answer_depth: 'research', search_mode: 'web' });
  const seen: SseEvent[] = [];
  const reading = (async () => {
    for await (const e of sseEvents(res)) seen.push(e);
  })().catch(() => {});
  // Killed while the first section is being written (the writer takes 2 s).
  await expect.poll(() => seen.some((e) => e.event === 'status' && e.data.step_number === 7), { timeout: 20_000 }).toBe(true);
  const { backend_uuid, thread_url_slug } = seen[0].data;
  expect((await workflowSteps(database.url, researchWorkflowId(backend_uuid))).map((s) => s.name)).toContain('sources');
  await killHard(first);
  await reading;

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  // The same person (their session is in the database) on the restarted server.
  const again = new Browser(restarted.url);
  for (const [name, value] of person.cookies) again.cookies.set(name, value);
  try {
    const status = await waitUntilFinished(database.url, researchWorkflowId(backend_uuid), 60_000);
    expect(status.status).toBe('SUCCESS');
    // Nothing finished before the kill ran again: one plan, one reflection.
    expect([asked('research planner'), asked('research reviewer')]).toEqual([1, 1]);
    const names = (await workflowSteps(database.url, researchWorkflowId(backend_uuid))).map((s) => s.name);
    expect(names.filter((n) => n === 'plan')).toHaveLength(1);
    expect(names).toEqual(expect.arrayContaining(['write-1', 'write-2', 'end']));

    const entry = (await again.get(`/rest/thread/${thread_url_slug}`)).json.entries[0];
    expect(entry.status).toBe('completed');
    for (const title of RESEARCH_SECTIONS) expect(entry.answer).toContain(`## ${title}`);
    const report = (await again.get(`/rest/threads/entries/${backend_uuid}/research`)).json;
    expect(report.status).toBe('completed');
    expect(report.steps.map((s: { number: number }) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The resumed stream replays the report and ends with it.
    const resumed = await collect(await fetch(`${restarted.url}/rest/threads/entries/${backend_uuid}/events`, { headers: { cookie: again.cookieHeader() } }));
    expect(resumed.at(-1)).toMatchObject({ event: 'completed', data: { status: 'completed' } });
    expect(
      resumed
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('')
        .trimEnd(),
    ).toBe(entry.answer);
  } finally {
    expect(await restarted.stop('SIGTERM')).toBe(0);
  }
});
