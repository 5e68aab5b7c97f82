// Our patch of DBOS (patches/@dbos-inc+dbos-sdk+5.3.0.patch, workflows/queue-polling.ts): a queue
// polled seldom still starts at once what this process enqueues on it, and refills a place as
// soon as one of its workflows here ends. The queue here is polled once a minute: without the
// patch, nothing would start before the test's 30 s are up.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../tests/support/database.js';

let database: { url: string; drop: () => Promise<void> };
const order: string[] = [];
const step = DBOS.registerWorkflow(
  async (name: string) => {
    order.push(`start ${name}`);
    await DBOS.sleep(50);
    order.push(`end ${name}`);
    return name.toUpperCase();
  },
  { name: 'wakeStep' },
);

beforeAll(async () => {
  database = await createTestDatabase('queue-wake');
  DBOS.setConfig({ name: 'queue-wake', systemDatabaseUrl: database.url, logLevel: 'error' });
  await DBOS.launch();
  await DBOS.registerQueue('once-a-minute', { workerConcurrency: 1, minPollingIntervalMs: 60_000, onConflict: 'always_update' });
}, 120_000);
afterAll(async () => {
  await DBOS.shutdown({ workflowCompletionTimeoutMS: 1000 });
  await database?.drop();
});

test('three workflows enqueued here on a queue polled once a minute, one place: each starts when the one before ends', async () => {
  const handles = [];
  for (const name of ['a', 'b', 'c']) handles.push(await DBOS.startWorkflow(step, { queueName: 'once-a-minute' })(name));
  expect(await Promise.all(handles.map((h) => h.getResult()))).toEqual(['A', 'B', 'C']);
  // One place: never two at once.
  expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
});
