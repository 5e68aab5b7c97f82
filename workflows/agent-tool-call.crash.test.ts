// The agent uses the person's tool servers: the model is offered their enabled tools beside the
// browser methods, a call goes through the approval flow, and the call is kept on the task's
// stream with its arguments and result, as is the screenshot of an earlier step (both reach the
// person's data export). Killed with SIGKILL while the call waits for the person,
// then restarted on the same database: the same call goes on waiting (no second call, none left
// waiting), runs once approved, and the task ends.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { browserLike, connectExtension } from '../tests/fakes/agent-extension.js';
import { type LlmRequest, startLlmFake } from '../tests/fakes/llm.js';
import { type McpFake, startMcpFake } from '../tests/fakes/mcp-server.js';
import { killHard, waitUntilFinished } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { Browser } from '../tests/support/http.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { agentTasksExport } from '../services/agent/index.js';
import { createDb, createPool } from '../services/db/database.js';
import { agentWorkflowId } from './agent-task.js';

let database: { url: string; drop: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startLlmFake>>;
let mcp: McpFake;
const echoOf = (req: LlmRequest) => req.tools?.map((t) => t.function.name).find((n) => n.endsWith('_echo'));

beforeAll(async () => {
  database = await createTestDatabase('agent_tool_crash');
  mcp = await startMcpFake();
  // A screenshot, the person's echo tool (by the name it is offered under), then the report.
  const turns = (req: LlmRequest) => [
    { name: 'Computer', arguments: { action: 'screenshot' } },
    { name: echoOf(req) ?? 'no_echo_offered', arguments: { text: 'from the agent' } },
    { name: 'ReportTaskComplete', arguments: { summary: 'Echoed.' } },
  ];
  llm = await startLlmFake({
    chunks: ['Hello.'],
    agent: (req) => ({ calls: [turns(req)[Math.min(2, req.messages.filter((m) => m.role === 'tool').length)]] }),
  });
});
afterAll(async () => {
  await llm?.close();
  await mcp?.close();
  await database?.drop();
});

async function taskEvents(taskUuid: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query('select type, data from events where stream_id = $1 order by stream_version', [`agent-task-${taskUuid}`])).rows as {
      type: string;
      data: Record<string, unknown>;
    }[];
  } finally {
    await client.end();
  }
}

const SHOT = { media_type: 'image/jpeg', data: '/9j/4AAQSkZJRgABAQ==', width: 1280, height: 800 };
const browser = browserLike();
const withScreenshots = (req: Parameters<typeof browser>[0]) => (req.request.action === 'screenshot' ? { screenshot: SHOT } : browser(req));

async function withDb<T>(run: (db: ReturnType<typeof createDb>) => Promise<T>) {
  const pool = createPool(database.url, 1);
  const db = createDb(pool);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

type Call = { call_id: string; status: string; tool_name: string; arguments: unknown; result: string | null };

test('killed while a tool call waits for approval, restarted: the same call waits, runs once approved, and the task keeps it', {
  timeout: 180_000,
}, async () => {
  const env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AGENT_REPLY_WAIT_SECONDS: '2', SPACE_LINKS_ALLOW_PRIVATE_HOSTS: mcp.hostPort };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const ada = await signedUp(first.url, 'Ada');
  const server = (await ada.post('/rest/mcp/servers', { name: 'Echoes', url: mcp.url })).json as { server_id: string };
  expect((await ada.send('PUT', `/rest/mcp/servers/${server.server_id}/tools/echo`, { json: { enabled: true } })).status).toBe(200);
  const token = (await ada.post('/rest/agent/token')).json.token as string;
  const uuid = randomUUID();
  const calls = async (b: Browser) => (await b.get(`/rest/mcp/calls?backend_uuid=${uuid}`)).json.calls as Call[];

  const before = await connectExtension(first.url, { token, answer: withScreenshots });
  before.start('echo something', uuid);
  await expect.poll(async () => (await calls(ada)).map((c) => c.status), { timeout: 30_000 }).toEqual(['awaiting_approval']);
  const [waiting] = await calls(ada);
  expect(waiting).toMatchObject({ tool_name: 'echo', arguments: { text: 'from the agent' } });
  await killHard(first);
  before.close();

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const again = new Browser(restarted.url);
    for (const [k, v] of ada.cookies) again.cookies.set(k, v);
    const after = await connectExtension(restarted.url, { token, answer: withScreenshots });
    after.start('echo something', uuid);
    // The recovered task waits on the same call: approving it runs it.
    const approved = await again.post(`/rest/mcp/calls/${waiting.call_id}/decision`, { approved: true });
    expect(approved.status, approved.text).toBe(200);
    expect((await after.next('agent_complete', (p) => p.task_uuid === uuid)).summary).toBe('Echoed.');
    after.close();
    expect(await calls(again)).toEqual([expect.objectContaining({ call_id: waiting.call_id, status: 'done', result: 'echo: from the agent' })]);
    expect(mcp.calls.filter((c) => (c.args as { text?: string }).text === 'from the agent')).toHaveLength(1);
    const status = await waitUntilFinished(database.url, agentWorkflowId(uuid), 60_000);
    expect([status.status, status.recoveryAttempts > 0]).toEqual(['SUCCESS', true]);
    // The task's own stream keeps the call with its arguments and result (replays and the export read it there).
    const steps = (await taskEvents(uuid)).filter((e) => e.type === 'AgentStepRecorded').map((e) => e.data);
    expect(steps.filter((s) => s.method === 'tool')).toEqual([
      expect.objectContaining({
        summary: 'Echoes · echo',
        error: null,
        tool_call: expect.objectContaining({
          call_id: waiting.call_id,
          tool_name: 'echo',
          arguments: { text: 'from the agent' },
          result: 'echo: from the agent',
        }),
      }),
    ]);
    const events = await taskEvents(uuid);
    expect(events.filter((e) => e.type === 'AgentScreenshotKept').map((e) => e.data)).toEqual([expect.objectContaining({ step: 0, ...SHOT })]);
    // The read model the data export reads keeps both.
    const userId = (await again.get('/rest/session')).json.user.id as string;
    const exported = await withDb((db) => agentTasksExport(db, userId));
    expect(exported.tasks).toEqual([
      expect.objectContaining({
        task_uuid: uuid,
        status: 'completed',
        screenshots: [expect.objectContaining({ step: 0, ...SHOT })],
        steps: expect.arrayContaining([
          expect.objectContaining({ method: 'tool', tool_call: expect.objectContaining({ call_id: waiting.call_id, result: 'echo: from the agent' }) }),
        ]),
      }),
    ]);
    // The model read the result fenced as untrusted data.
    const toolTurn = llm.requests.flatMap((r) => r.messages).find((m) => m.role === 'tool' && m.content.includes('echo: from the agent'));
    expect(toolTurn?.content).toMatch(/^<tool_result server="Echoes" tool="echo">/);
  } finally {
    await restarted.stop();
  }
});
