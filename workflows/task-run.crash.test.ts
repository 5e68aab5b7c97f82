// A task's run is durable: the server killed with SIGKILL while a run's answer is written, then
// restarted on the same database, ends that run once (one question in the task's thread, one
// start, one end); a failing provider marks the run failed with its reason and the next
// occurrence still runs; two app instances against one database run an occurrence once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startLlmFake } from '../tests/fakes/llm.js';
import { killHard, waitUntilFinished } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import type { Browser } from '../tests/support/http.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { taskRunWorkflowId } from './task-run.js';

let database: { url: string; drop: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase('task_run_crash');
  llm = await startLlmFake({ chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 100 });
  dir = mkdtempSync(join(tmpdir(), 'task-run-crash-'));
  env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', LLM_TIMEOUT_SECONDS: '5', TASKS_TEST_CLOCK_FILE: join(dir, 'clock'), TASKS_TICK_MS: '100' };
});
afterAll(async () => {
  await llm?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function rows(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
const taskEvents = async (taskId: string) =>
  (await rows('select type, data from events where stream_id = $1 order by stream_version', [`task-${taskId}`])).map((r) => r.type as string);
const questionsIn = async (contextUuid: string) =>
  (await rows("select 1 from events where stream_id = $1 and type = 'QuestionAsked'", [`thread-${contextUuid}`])).length;
const create = async (b: Browser, body: unknown) => {
  const r = await b.post('/rest/tasks', body);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.task as { task_id: string; next_run_at: string | null };
};
const lastRun = async (b: Browser, id: string) => (await b.get(`/rest/tasks/${id}`)).json.last_run as { status: string; reason: string | null } | null;

test('killed while a run’s answer is written, restarted: the run ends once', { timeout: 180_000 }, async () => {
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const ada = await signedUp(first.url, 'Ada');
  const shortcut = await create(ada, { task_type: 'SHORTCUT', title: 'Long', query: { prompt: 'Write a long answer' }, tzid: 'UTC' });
  expect((await ada.post(`/rest/tasks/${shortcut.task_id}/run`, {})).status).toBe(202);
  const [{ workflow_uuid: workflowId }] = await vi.waitFor(
    async () => {
      const found = await rows('select workflow_uuid from dbos.workflow_status where workflow_uuid like $1', [`task-run-${shortcut.task_id}-%`]);
      expect(found).toHaveLength(1);
      return found;
    },
    { timeout: 10_000, interval: 100 },
  );
  // The run has begun (on the task: the workflow records no steps) and the model is writing its answer.
  await vi.waitFor(async () => expect(await taskEvents(shortcut.task_id)).toContain('TaskRunStarted'), { timeout: 10_000, interval: 100 });
  await vi.waitFor(() => expect(llm.requests.filter((r) => r.stream).length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
  await new Promise((r) => setTimeout(r, 500)); // a few pieces of text (the fake sends one per 100 ms)
  await killHard(first);

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const status = await waitUntilFinished(database.url, workflowId, 60_000);
    expect(status.status).toBe('SUCCESS');
    expect(status.recoveryAttempts).toBeGreaterThan(0);
    const types = await taskEvents(shortcut.task_id);
    expect(types.filter((t) => t === 'TaskRunStarted')).toHaveLength(1);
    expect(types.filter((t) => t === 'TaskRunSucceeded' || t === 'TaskRunFailed')).toHaveLength(1);
    const thread = await rows("select stream_id from events where type = 'QuestionAsked' and data->>'query_str' = 'Write a long answer'", []);
    expect(thread).toHaveLength(1);
    // The answer cut off by the crash ends the run, with why.
    expect(await rows('select last_run_status from tasks where task_id = $1', [shortcut.task_id])).toEqual([{ last_run_status: 'failed' }]);
  } finally {
    await restarted.stop();
  }
});

test('a failing provider fails the run with its reason, and the next occurrence still runs; two instances run an occurrence once', {
  timeout: 180_000,
}, async () => {
  const one = await startServerProcess({ databaseUrl: database.url, env });
  const two = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const bo = await signedUp(one.url, 'Bo');
    const task = await create(bo, { task_type: 'SCHEDULE', query: { prompt: 'Morning news' }, schedule: { kind: 'DAILY', hour: 7, minute: 0 }, tzid: 'UTC' });
    llm.script({ chunks: ['never'], failAfter: 0 });
    writeFileSync(env.TASKS_TEST_CLOCK_FILE, new Date(Date.parse(task.next_run_at!) + 1000).toISOString());
    await vi.waitFor(async () => expect((await lastRun(bo, task.task_id))?.status).toBe('failed'), { timeout: 60_000, interval: 200 });
    expect((await lastRun(bo, task.task_id))?.reason).toMatch(/answer model failed/);

    llm.script({ chunks: ['Fine [1].'] });
    writeFileSync(env.TASKS_TEST_CLOCK_FILE, new Date(Date.parse(task.next_run_at!) + 86_400_000 + 1000).toISOString());
    await vi.waitFor(async () => expect((await lastRun(bo, task.task_id))?.status).toBe('succeeded'), { timeout: 60_000, interval: 200 });
    const types = await taskEvents(task.task_id);
    expect(types.filter((t) => t === 'TaskRunStarted')).toHaveLength(2);
    expect(types.filter((t) => t === 'TaskRunFailed')).toHaveLength(1);
    expect(types.filter((t) => t === 'TaskRunSucceeded')).toHaveLength(1);
    const [{ context_uuid }] = await rows("select data->>'context_uuid' as context_uuid from events where type = 'TaskRunSucceeded' and stream_id = $1", [
      `task-${task.task_id}`,
    ]);
    expect(await questionsIn(context_uuid)).toBe(2);
    const occurrence = new Date(Date.parse(task.next_run_at!)).toISOString();
    expect((await waitUntilFinished(database.url, taskRunWorkflowId({ taskId: task.task_id, occurrenceKey: occurrence }))).status).toBe('SUCCESS');
  } finally {
    await one.stop();
    await two.stop();
  }
});
