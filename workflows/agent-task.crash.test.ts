// An agent task is durable: the server killed with SIGKILL while a task waits for the extension's
// reply, then restarted on the same database, resumes the task: when the extension reconnects
// (start_agent for the same task) the request it was waiting on is sent again, with the same id,
// and the task runs to its end, each step recorded once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { browserLike, connectExtension } from '../tests/fakes/agent-extension.js';
import { type LlmRequest, startLlmFake } from '../tests/fakes/llm.js';
import { killHard, waitUntilFinished } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { signedUp } from '../tests/support/people.js';
import { startServerProcess } from '../tests/support/server-process.js';
import { agentWorkflowId } from './agent-task.js';

let database: { url: string; drop: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startLlmFake>>;
const SCRIPT = [
  { name: 'ReadPage', arguments: {} },
  { name: 'Computer', arguments: { action: 'left_click', target: { element: 1 } } },
  { name: 'ReportTaskComplete', arguments: { summary: 'Searched.' } },
];
const turnOf = (req: LlmRequest) => req.messages.filter((m) => m.role === 'tool').length;

beforeAll(async () => {
  database = await createTestDatabase('agent_crash');
  llm = await startLlmFake({ chunks: ['Hello.'], agent: (req) => ({ calls: [SCRIPT[Math.min(turnOf(req), SCRIPT.length - 1)]] }) });
});
afterAll(async () => {
  await llm?.close();
  await database?.drop();
});

async function eventTypes(taskUuid: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query('select type from events where stream_id = $1 order by stream_version', [`agent-task-${taskUuid}`])).rows.map(
      (r) => r.type as string,
    );
  } finally {
    await client.end();
  }
}

test('killed while a task waits for the extension, restarted: the request is sent again and the task ends once', { timeout: 180_000 }, async () => {
  const env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', AGENT_REPLY_WAIT_SECONDS: '2' };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  const ada = await signedUp(first.url, 'Ada');
  const token = (await ada.post('/rest/agent/token')).json.token as string;
  const uuid = randomUUID();
  // This browser reads the page but never finishes the click: the server dies meanwhile.
  const before = await connectExtension(first.url, { token, answer: (req) => (req.method === 'Computer' ? undefined : browserLike()(req)) });
  before.start('search for flights', uuid);
  const click = await before.next('request', (p) => p.method === 'Computer');
  await killHard(first);
  before.close();

  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    // The extension reconnects (the token is the server's, not the process's) and starts the same task.
    const after = await connectExtension(restarted.url, { token, answer: browserLike() });
    after.start('search for flights', uuid);
    const again = await after.next('request', (p) => p.method === 'Computer');
    expect(again).toEqual(click);
    expect((await after.next('agent_complete', (p) => p.task_uuid === uuid)).summary).toBe('Searched.');
    after.close();
    const status = await waitUntilFinished(database.url, agentWorkflowId(uuid), 60_000);
    expect(status.status).toBe('SUCCESS');
    expect(status.recoveryAttempts).toBeGreaterThan(0);
    const types = await eventTypes(uuid);
    expect(types.filter((t) => t === 'AgentTaskStarted')).toHaveLength(1);
    expect(types.filter((t) => t === 'AgentStepRecorded')).toHaveLength(3);
    expect(types.filter((t) => t === 'AgentTaskCompleted')).toHaveLength(1);
  } finally {
    await restarted.stop();
  }
});
