// A task's run records no steps: a run repeated after a crash (its workflow started over) must
// carry on, on real PostgreSQL, without asking or ending twice, whatever the task became since.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { OFFLINE_MODEL } from '../shared/answer-models.js';
import { decideCreate, decidePause, decideUpdate } from './decide.js';
import { initialTask, taskStream } from './events.js';
import { askQuestion, beginRun, endRun, runEntryUuid } from './run.js';
import { changeTask } from './use-cases.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(2));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const models = [{ id: OFFLINE_MODEL, name: 'Offline' }];
const now = new Date('2026-03-02T08:00:00Z');
const deps = () => ({ store, db, now: () => now, answers: { start: async () => {}, untilEnded: async () => {} } });

async function shortcut(taskId: string, ownerId: string, prompt: string) {
  const { events } = decideCreate(initialTask, {
    userId: ownerId,
    now,
    taskId,
    input: { task_type: 'SHORTCUT', title: 'Bread', query: { prompt }, tzid: 'UTC' },
    models,
    defaultModel: OFFLINE_MODEL,
    counts: { tasks: 0, price_alerts: 0 },
    limits: { tasks: 10, price_alerts: 0 },
  });
  await store.append(taskStream(taskId), 'no_stream', events);
}

const types = async (streamId: string) =>
  (await allTables(db).selectFrom('events').select('type').where('stream_id', '=', streamId).orderBy('stream_version').execute()).map((r) => r.type);

test('a run started over carries on: begun once, asked once (the first question), ended once, even when the task changed between', async () => {
  await shortcut('run-again', 'owner-1', 'How is sourdough made?');
  const job = { taskId: 'run-again', occurrenceKey: 'manual-1' };
  const first = await beginRun(deps(), job);
  expect(first).toMatchObject({ run: true, fresh: true, prompt: 'How is sourdough made?' });
  if (!first.run) return;
  const asked = await askQuestion(deps(), first, job);
  expect(asked).toMatchObject({ pending: true, job: { query: 'How is sourdough made?' } });

  // The owner pauses the task and changes its prompt, then the process dies; the run starts over.
  await changeTask(store, 'run-again', (s) => ({ events: decidePause(s, { userId: 'owner-1', now }), result: null }));
  await changeTask(store, 'run-again', (s) => ({
    events: decideUpdate(s, { userId: 'owner-1', now, models, defaultModel: OFFLINE_MODEL, patch: { query: { prompt: 'Something else' } } }).events,
    result: null,
  }));
  const again = await beginRun(deps(), job);
  expect(again).toMatchObject({ run: true, fresh: false });
  if (!again.run) return;
  const askedAgain = await askQuestion(deps(), again, job);
  // The entry asked the first time is answered, with its own question.
  expect(askedAgain).toMatchObject({ pending: true, job: { backendUuid: runEntryUuid('run-again', 'manual-1'), query: 'How is sourdough made?' } });

  const outcome = { ok: false as const, reason: 'The answer did not end in time.' };
  // The end recorded with the task as the run began it (stale since): decided again on the fresh task.
  expect((await endRun(deps(), { ...job, outcome, task: first.task })).event?.type).toBe('TaskRunFailed');
  expect((await endRun(deps(), { ...job, outcome, task: again.task })).event).toBeNull();
  expect(await beginRun(deps(), job)).toEqual({ run: false });

  const taskTypes = await types(taskStream('run-again'));
  expect(taskTypes.filter((t) => t.startsWith('TaskRun'))).toEqual(['TaskRunStarted', 'TaskRunFailed']);
  const thread = await allTables(db)
    .selectFrom('thread_entries')
    .select(['query_str', 'owner_user_id'])
    .where('backend_uuid', '=', runEntryUuid('run-again', 'manual-1'))
    .execute();
  expect(thread).toEqual([{ query_str: 'How is sourdough made?', owner_user_id: 'owner-1' }]);
});
