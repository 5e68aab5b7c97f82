// The sources' consumer on real PostgreSQL: a task's run (the tasks branch's TaskRunSucceeded /
// TaskRunFailed) notifies its owner once switched on, and not before; a batch looked at again
// notifies no one twice; preferences apply (in-app off: nothing in the centre).
import { factsFor } from '../shared/actor.js';
import { actorOfFacts } from '../shared/actor-without-request.js';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { consumeOnce } from '../eventstore/consumers.js';
import { EventStore } from '../eventstore/store.js';
import { listNotifications } from './queries.js';
import { notificationSourcesConsumer } from './source-consumer.js';
import { setPreferences } from './use-cases.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
const now = () => new Date('2026-03-01T08:00:00Z');
beforeAll(async () => {
  ({ db, close } = await migratedDb(5));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const succeeded = (owner: string, task: string) => ({
  type: 'TaskRunSucceeded',
  data: { task_id: task, owner_id: owner, title: 'Morning news', thread_slug: `morning-news-${task}` },
});
/**
 * Runs the consumer until `check` holds: the log shows a consumer only what committed below the
 * oldest transaction still running anywhere on the server, which other test files hold back.
 */
async function consumeUntil(name: string, handler: ReturnType<typeof notificationSourcesConsumer>, check: () => Promise<void>) {
  await vi.waitFor(
    async () => {
      await consumeOnce(store, name, handler);
      await check();
    },
    { timeout: 20_000, interval: 100 },
  );
}

const failed = (owner: string, task: string) => ({
  type: 'TaskRunFailed',
  data: { task_id: task, owner_id: owner, title: 'Prices', reason: 'The model timed out' },
});

/** The consumer has read everything in the log so far. */
const caughtUp = (name: string) => async () => {
  const [last, checkpoint] = await Promise.all([
    allTables(db)
      .selectFrom('events')
      .select((eb) => eb.fn.max('global_position').as('p'))
      .executeTakeFirstOrThrow(),
    allTables(db).selectFrom('consumer_checkpoints').select('position').where('consumer', '=', name).executeTakeFirst(),
  ]);
  expect(checkpoint?.position).toBe(last.p);
};
const sentOf = async (notificationId: string) =>
  (
    await allTables(db)
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'NotificationSent')
      .where('stream_id', '=', `notification-${notificationId}`)
      .execute()
  ).map((e) => e.data);

test('task runs notify their owner once the consumer has them switched on', async () => {
  await store.append('task-t1', 'no_stream', [succeeded('ada', 't1')]);
  await consumeUntil('sources-off', notificationSourcesConsumer({ store, now }), caughtUp('sources-off'));
  expect((await listNotifications(db, 'ada', { limit: 10, offset: 0 })).rows).toEqual([]);

  await store.append('task-t1', 1, [failed('ada', 't1')]);
  await consumeUntil('sources-on', notificationSourcesConsumer({ store, now }, { taskRuns: true }), async () =>
    expect((await listNotifications(db, 'ada', { limit: 10, offset: 0 })).unread).toBe(2),
  );
  const { rows } = await listNotifications(db, 'ada', { limit: 10, offset: 0 });
  expect(rows.map((r) => [r.id, r.kind, r.title, r.url]).sort()).toEqual([
    ['task-run-task-t1-1', 'task_run', 'Your task "Morning news" ran', '/search/morning-news-t1'],
    ['task-run-task-t1-2', 'task_failed', 'Your task "Prices" failed', '/account/tasks'],
  ]);
  // The delivery consumer sees which channels each went out on.
  expect(await sentOf('task-run-task-t1-1')).toEqual([expect.objectContaining({ user_id: 'ada', in_app: true, email: true, push: true })]);
});

test('the same events looked at again notify no one twice; in-app off keeps them out of the centre', async () => {
  await store.append('task-t2', 'no_stream', [succeeded('bea', 't2')]);
  await consumeUntil('sources-again-1', notificationSourcesConsumer({ store, now }, { taskRuns: true }), caughtUp('sources-again-1'));
  await consumeUntil('sources-again-2', notificationSourcesConsumer({ store, now }, { taskRuns: true }), caughtUp('sources-again-2'));
  expect((await listNotifications(db, 'bea', { limit: 10, offset: 0 })).unread).toBe(1);
  expect(await sentOf('task-run-task-t2-1')).toHaveLength(1);

  await setPreferences({ store, now }, actorOfFacts(factsFor('cyd')), { should_send_email: true, should_send_in_app: false, should_send_push: true });
  await store.append('task-t3', 'no_stream', [succeeded('cyd', 't3')]);
  await consumeUntil('sources-cyd', notificationSourcesConsumer({ store, now }, { taskRuns: true }), async () =>
    expect(await sentOf('task-run-task-t3-1')).toEqual([expect.objectContaining({ in_app: false, email: true, push: true })]),
  );
  expect((await listNotifications(db, 'cyd', { limit: 10, offset: 0 })).rows).toEqual([]);
});

test("a task's own channels narrow its owner's: email off on the task, no mail though the person keeps it on", async () => {
  const run = succeeded('dan', 't4');
  const settings = { should_send_email: false, should_send_in_app: true, should_send_push: true };
  await store.append('task-t4', 'no_stream', [{ ...run, data: { ...run.data, notification_settings: settings } }]);
  await consumeUntil('sources-dan', notificationSourcesConsumer({ store, now }, { taskRuns: true }), async () =>
    expect(await sentOf('task-run-task-t4-1')).toEqual([expect.objectContaining({ in_app: true, email: false, push: true })]),
  );
});

test('an invitation by address notifies the account of that address only once the address is verified', async () => {
  const raw = new EventStore(db, []);
  const at = new Date('2026-03-01T07:00:00Z');
  await allTables(db)
    .insertInto('user')
    .values([
      { id: 'inviter-a', name: 'User A', email: 'a@inv.example', emailVerified: true, createdAt: at, updatedAt: at },
      { id: 'claimant-u', name: 'U', email: 'x@inv.example', emailVerified: false, createdAt: at, updatedAt: at },
    ] as never)
    .execute();
  const invite = (space: string, member: string) => ({
    type: 'SpaceMemberInvited',
    data: { uuid: space, member_id: member, email: 'x@inv.example', level: 'reader', invited_by: 'inviter-a', invited_at: at.toISOString() },
  });
  const created = (space: string, title: string) => ({ type: 'SpaceCreated', data: { uuid: space, title, owner_user_id: 'inviter-a' } });
  await raw.append('space-s-private', 'no_stream', [created('s-private', 'S'), invite('s-private', 'm1')]);
  await consumeUntil('sources-unverified', notificationSourcesConsumer({ store, now }), caughtUp('sources-unverified'));
  expect((await listNotifications(db, 'claimant-u', { limit: 10, offset: 0 })).rows).toEqual([]);
  expect(await sentOf('space-invitation-m1')).toEqual([]);

  await allTables(db).updateTable('user').set({ emailVerified: true }).where('id', '=', 'claimant-u').execute();
  await raw.append('space-s-later', 'no_stream', [created('s-later', 'Later'), invite('s-later', 'm2')]);
  await consumeUntil('sources-unverified', notificationSourcesConsumer({ store, now }), async () =>
    expect((await listNotifications(db, 'claimant-u', { limit: 10, offset: 0 })).rows.map((r) => r.title)).toEqual(['User A invited you to the Space "Later"']),
  );
});
