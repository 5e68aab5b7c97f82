// Async consumers on real PostgreSQL: checkpoints, batches, and the rule that an event whose
// transaction commits late is still seen, in order, once.
//
// A consumer reads only below the oldest transaction still running anywhere in the PostgreSQL
// cluster (transaction ids are cluster-wide), so other test files running at the same time can
// hold it back for a moment. It must then wait, never skip: tests that expect events to arrive
// poll with `catchUp`; tests that expect nothing check at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { consumeOnce, startConsumer, type ConsumerHandler } from './consumers.js';
import { EventStore } from './store.js';
import type { StoredEvent, Trx } from './types.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(16));
  store = new EventStore(db);
  await sql`create table handled (consumer text not null, stream_id text not null, stream_version int not null)`.execute(db);
});
afterAll(async () => close?.());

let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}`;
const ev = (label: string) => ({ type: 'Happened', data: { label } });
const labels = (events: StoredEvent[]) => events.map((e) => (e.data as { label: string }).label);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Collects what a consumer sees, and records it in `handled` inside the batch's transaction. */
function collector(name: string) {
  const seen: StoredEvent[] = [];
  const handle: ConsumerHandler = async (trx, events) => {
    for (const e of events)
      await sql`insert into handled (consumer, stream_id, stream_version) values (${name}, ${e.streamId}, ${e.streamVersion})`.execute(trx);
    seen.push(...events);
  };
  const of = (...streams: string[]) => seen.filter((e) => streams.includes(e.streamId));
  return { name, seen, handle, of };
}

/** Runs the consumer until it has nothing more to read for now. */
async function drain(name: string, handle: ConsumerHandler, batchSize?: number) {
  let total = 0;
  for (let got = -1; got !== 0; total += Math.max(got, 0)) got = await consumeOnce(store, name, handle, batchSize);
  return total;
}

/** Drains until `done()` holds; fails if it does not within the timeout. */
async function catchUp(name: string, handle: ConsumerHandler, done: () => boolean, batchSize?: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drain(name, handle, batchSize);
    if (done()) return;
    if (Date.now() > deadline) throw new Error(`consumer ${name} did not catch up within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** Opens a transaction, runs `inside`, and keeps it open until `commit()` is called. */
function heldTransaction<T>(inside: (trx: Trx) => Promise<T>) {
  let commit!: () => void;
  const release = new Promise<void>((r) => (commit = r));
  let ready!: (value: T) => void;
  let failed!: (err: unknown) => void;
  const started = new Promise<T>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const done = db.transaction().execute(async (trx) => {
    try {
      ready(await inside(trx));
    } catch (err) {
      failed(err);
      throw err;
    }
    await release;
  });
  const commitAndWait = async () => {
    commit();
    await done;
  };
  return { started, commit: commitAndWait };
}

describe('a late-committing event', () => {
  test('is not skipped: both are seen, in commit-safe order, exactly once', async () => {
    const name = fresh('late');
    const [early, late] = [fresh('early'), fresh('after')];
    const c = collector(name);

    // Transaction 1 appends (taking the lower global position) and holds its commit.
    const first = heldTransaction(async (trx) => (await store.append(early, 'no_stream', [ev('first')], trx)).events[0].globalPosition);
    try {
      const firstPosition = await first.started;
      // Transaction 2 appends after it and commits at once.
      const { events } = await store.append(late, 'no_stream', [ev('second')]);
      expect(BigInt(firstPosition)).toBeLessThan(BigInt(events[0].globalPosition));

      // While transaction 1 is open, the consumer must not move past it.
      await drain(name, c.handle);
      expect(labels(c.of(early, late))).toEqual([]);
    } finally {
      await first.commit();
    }
    await catchUp(name, c.handle, () => c.of(early, late).length >= 2);
    expect(labels(c.of(early, late))).toEqual(['first', 'second']);

    // Draining again (it reads whatever is committed) finds nothing more: each was seen once.
    await drain(name, c.handle);
    expect(labels(c.of(early, late))).toEqual(['first', 'second']);
  });

  test('an older transaction appending after a newer one committed: both seen, the older first', async () => {
    const name = fresh('old-append');
    const [older, newer] = [fresh('old'), fresh('new')];
    const c = collector(name);

    let appendNow!: () => void;
    const gate = new Promise<void>((r) => (appendNow = r));
    let appended!: () => void;
    const didAppend = new Promise<void>((r) => (appended = r));
    // The older transaction takes its id first, then appends only after the newer one committed.
    const old = heldTransaction(async (trx) => {
      await sql`select pg_current_xact_id()`.execute(trx);
      void gate.then(async () => {
        await store.append(older, 'no_stream', [ev('old transaction')], trx);
        appended();
      });
    });
    await old.started;
    try {
      await store.append(newer, 'no_stream', [ev('new transaction')]);
      appendNow();
      await didAppend;
      await drain(name, c.handle);
      expect(labels(c.of(older, newer))).toEqual([]);
    } finally {
      await old.commit();
    }
    await catchUp(name, c.handle, () => c.of(older, newer).length >= 2);
    expect(labels(c.of(older, newer))).toEqual(['old transaction', 'new transaction']);
  });
});

describe('checkpoints', () => {
  test('a consumer reads everything in batches, then only what is new', async () => {
    const name = fresh('batches');
    const id = fresh('stream');
    await store.append(
      id,
      'no_stream',
      Array.from({ length: 7 }, (_, i) => ev(`e${i}`)),
    );
    const c = collector(name);
    await catchUp(name, c.handle, () => c.of(id).length >= 7, 3);
    expect(labels(c.of(id))).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6']);

    await store.append(id, 7, [ev('e7')]);
    await catchUp(name, c.handle, () => c.of(id).length >= 8, 3);
    expect(labels(c.of(id))).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
    await drain(name, c.handle);
    expect(c.of(id)).toHaveLength(8);
  });

  test('a batch whose handler fails is not checkpointed and its writes are undone; it is delivered again', async () => {
    const name = fresh('failing');
    const id = fresh('stream');
    await store.append(id, 'no_stream', [ev('a'), ev('b')]);

    const attempt = collector(name);
    let failures = 0;
    const failing: ConsumerHandler = async (trx, events) => {
      await attempt.handle(trx, events);
      if (events.some((e) => e.streamId === id)) {
        failures++;
        throw new Error('handler failed');
      }
    };
    const deadline = Date.now() + 15_000;
    while (failures === 0 && Date.now() < deadline) await drain(name, failing).catch((err) => expect(err.message).toBe('handler failed'));
    expect(failures).toBe(1);
    const rows = await sql<{ count: string }>`select count(*) from handled where consumer = ${name} and stream_id = ${id}`.execute(db);
    expect(rows.rows[0].count).toBe('0');

    const retry = collector(name);
    await catchUp(name, retry.handle, () => retry.of(id).length >= 2);
    expect(labels(retry.of(id))).toEqual(['a', 'b']);
  });

  test('a consumer of some types gets only those, in order, and its checkpoint passes the others', async () => {
    const name = fresh('typed');
    const id = fresh('stream');
    await store.append(id, 'no_stream', [ev('a'), { type: 'Other', data: { label: 'big' } }, ev('b'), { type: 'Other', data: { label: 'big' } }]);
    const c = collector(name);
    const deadline = Date.now() + 15_000;
    while (c.of(id).length < 2 && Date.now() < deadline) {
      for (let got = -1; got !== 0; ) got = await consumeOnce(store, name, c.handle, 3, ['Happened']);
      await sleep(25);
    }
    expect(c.of(id).map((e) => [e.type, (e.data as { label: string }).label])).toEqual([
      ['Happened', 'a'],
      ['Happened', 'b'],
    ]);
    // Past the last event of the stream, though it was not handed over.
    const checkpoint = await sql<{ position: string }>`select position from consumer_checkpoints where consumer = ${name}`.execute(db);
    const last = await sql<{ p: string }>`select max(global_position) as p from events where stream_id = ${id}`.execute(db);
    expect(BigInt(checkpoint.rows[0].position)).toBeGreaterThanOrEqual(BigInt(last.rows[0].p));
  });

  test('consumers with different names keep their own checkpoints', async () => {
    const id = fresh('shared');
    await store.append(id, 'no_stream', [ev('x')]);
    const [nameOne, nameTwo] = [fresh('one'), fresh('two')];
    const one = collector(nameOne);
    const two = collector(nameTwo);
    await catchUp(nameOne, one.handle, () => one.of(id).length >= 1);
    await catchUp(nameTwo, two.handle, () => two.of(id).length >= 1);
    await store.append(id, 1, [ev('y')]);
    await catchUp(nameOne, one.handle, () => one.of(id).length >= 2);
    expect(labels(one.of(id))).toEqual(['x', 'y']);
    expect(labels(two.of(id))).toEqual(['x']);
  });

  test('two instances of one consumer running at once, from its very first run, handle each event once', async () => {
    const name = fresh('scaled');
    const id = fresh('stream');
    await store.append(
      id,
      'no_stream',
      Array.from({ length: 20 }, (_, i) => ev(`e${i}`)),
    );
    const slow: ConsumerHandler = async (trx, events) => {
      await sleep(20);
      for (const e of events)
        await sql`insert into handled (consumer, stream_id, stream_version) values (${name}, ${e.streamId}, ${e.streamVersion})`.execute(trx);
    };
    const handledOf = () =>
      sql<{ stream_id: string; stream_version: number; times: string }>`
        select stream_id, stream_version, count(*) as times from handled where consumer = ${name}
        group by stream_id, stream_version`.execute(db);
    const deadline = Date.now() + 15_000;
    let handled = await handledOf();
    while (handled.rows.filter((r) => r.stream_id === id).length < 20 && Date.now() < deadline) {
      await Promise.all([drain(name, slow, 5), drain(name, slow, 5), drain(name, slow, 5)]);
      handled = await handledOf();
    }
    expect(handled.rows.filter((r) => Number(r.times) !== 1)).toEqual([]);
    expect(handled.rows.filter((r) => r.stream_id === id)).toHaveLength(20);
  });
});

describe('startConsumer', () => {
  test('keeps polling: events appended later are handled, a failing batch is retried, and stop ends it', async () => {
    const name = fresh('poller');
    const c = collector(name);
    const id = fresh('stream');
    const errors: unknown[] = [];
    let failOnce = true;
    // Each poll schedules the next with a timer of pollMs: counted, to see that stop ends them.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    onTestFinished(() => timers.mockRestore());
    const polls = () => timers.mock.calls.filter(([, ms]) => ms === 20).length;
    const consumer = startConsumer(
      store,
      name,
      async (trx, events) => {
        if (failOnce && events.some((e) => e.streamId === id)) {
          failOnce = false;
          throw new Error('transient');
        }
        await c.handle(trx, events);
      },
      { pollMs: 20, onError: (e) => errors.push(e) },
    );
    try {
      // The consumer is polling once it has handled an event appended before the ones under test.
      const first = fresh('stream');
      await store.append(first, 'no_stream', [ev('zero')]);
      await expect.poll(() => c.of(first).length, { timeout: 15_000 }).toBe(1);
      await store.append(id, 'no_stream', [ev('one')]);
      await store.append(id, 1, [ev('two')]);
      await expect.poll(() => c.of(id).length, { timeout: 15_000 }).toBe(2);
    } finally {
      await consumer.stop();
    }
    expect(labels(c.of(id))).toEqual(['one', 'two']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['transient']);

    const pollsAtStop = polls();
    await store.append(id, 2, [ev('after stop')]);
    // A consumer that runs (another one, polling about as often) has read it by now; the stopped
    // one has neither read it nor polled again.
    const witness = collector(fresh('witness'));
    const running = startConsumer(store, witness.name, witness.handle, { pollMs: 21 });
    await expect.poll(() => witness.of(id).length, { timeout: 15_000 }).toBe(3);
    await running.stop();
    expect(polls()).toBe(pollsAtStop);
    expect(labels(c.of(id))).toEqual(['one', 'two']);
  });

  test('a full batch is followed at once by the next; a partial one waits for the next poll', async () => {
    const id = fresh('stream');
    await store.append(id, 'no_stream', ['a', 'b', 'c'].map(ev));
    // Another consumer catching up first makes sure the events are readable (no transaction
    // elsewhere in the cluster holds them back) before the one under test looks.
    const probe = collector(fresh('probe'));
    await catchUp(probe.name, probe.handle, () => probe.of(id).length === 3);
    // The consumer under test starts right before `a`: its batches of 2 are [a, b] and [c].
    const name = fresh('batches');
    await sql`insert into consumer_checkpoints (consumer, tx_id, position, updated_at)
      select ${name}, tx_id, global_position - 1, now() from events where stream_id = ${id} and stream_version = 1`.execute(db);
    const c = collector(name);
    // The consumer schedules its next poll (a timer of pollMs) once it stops reading for now.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const pollScheduled = () => timers.mock.calls.some(([, ms]) => ms === 60_000);
    const consumer = startConsumer(
      store,
      name,
      async (trx, events) => {
        await c.handle(trx, events);
        // Appended while the partial batch is handled: readable at once, yet left for the next poll.
        if (labels(events).includes('c')) await store.append(id, 3, [ev('d')]);
      },
      { pollMs: 60_000, batchSize: 2 },
    );
    try {
      await expect.poll(pollScheduled, { timeout: 15_000 }).toBe(true);
      expect(labels(c.of(id))).toEqual(['a', 'b', 'c']);
      // `d` was readable all along (another consumer reads it), yet waits for the next poll.
      await catchUp(probe.name, probe.handle, () => probe.of(id).length === 4);
      expect(labels(c.of(id))).toEqual(['a', 'b', 'c']);
    } finally {
      timers.mockRestore();
      await consumer.stop();
    }
  });
});
