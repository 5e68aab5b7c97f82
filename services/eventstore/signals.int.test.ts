// Consumers told by the event log (migration 0033's trigger, signals.ts, listen.ts) on real
// PostgreSQL: a consumer wakes when its types are appended and committed, not for other types nor
// for a rollback, again after its listener's connection is ended by the server, and it looks
// again after an event held back by an older transaction that ends without saying anything.
//
// Each consumer here has a fallback read of ten minutes: whatever it reads within a test's
// bound, it was told of. Notifications reach the listener in commit order, so once a later
// append's notification is heard, an earlier one that was never heard was never said.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
import { migratedDb, testDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { type DbListener, listenTo } from '../db/listen.js';
import { startConsumer } from './consumers.js';
import { EVENT_LOG_CHANNEL, type EventLogSignals, eventLogSignals } from './signals.js';
import { EventStore } from './store.js';
import type { StoredEvent } from './types.js';

let db: Db;
let url: string;
let close: () => Promise<void>;
let store: EventStore;
let listener: DbListener;
let signals: EventLogSignals;

let n = 0;
const fresh = (prefix: string) => `${prefix}${++n}`;
const ev = (type: string, label = type) => ({ type, data: { label } });
const labels = (events: StoredEvent[]) => events.map((e) => (e.data as { label: string }).label);

beforeAll(async () => {
  ({ db, url, close } = await migratedDb(4));
  store = new EventStore(db);
  listener = listenTo(url, [EVENT_LOG_CHANNEL], () => {});
  signals = eventLogSignals(listener);
  // Listening once an append is heard.
  const probe = fresh('Probe');
  let heard = false;
  const off = signals.onAppend([probe], () => (heard = true));
  await vi.waitFor(
    async () => {
      await store.append(fresh('probe'), 'no_stream', [ev(probe)]);
      expect(heard).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );
  off();
});
afterAll(async () => {
  await listener?.close();
  await close?.();
});

/** Resolves once the listener has heard that events of `type` were appended. */
function heard(type: string) {
  return new Promise<void>((resolve) => {
    const off = listener.on(EVENT_LOG_CHANNEL, (said) => {
      if (said !== type) return;
      off();
      resolve();
    });
  });
}

/** Every type said on the channel until `stop` returns them. */
function recordSaid() {
  const said: string[] = [];
  const off = listener.on(EVENT_LOG_CHANNEL, (type) => said.push(type));
  return {
    stop: () => {
      off();
      return said;
    },
  };
}

/**
 * A told consumer with its own pool, whose transactions are its reads (counted), and a count of
 * the times it was woken.
 */
function toldConsumer(types: readonly string[] | undefined) {
  const own = testDb(url, 2);
  const reads = vi.spyOn(own, 'transaction');
  let wakes = 0;
  const counted: EventLogSignals = {
    onAppend: (t, wake) =>
      signals.onAppend(t, () => {
        wakes++;
        wake();
      }),
  };
  const seen: StoredEvent[] = [];
  const errors: unknown[] = [];
  const consumer = startConsumer(new EventStore(own), fresh('told'), async (_trx, events) => void seen.push(...events), {
    types,
    pollMs: 20,
    fallbackMs: 600_000,
    signals: counted,
    onError: (err) => errors.push(err),
  });
  onTestFinished(async () => {
    await consumer.stop();
    await own.destroy();
    expect(errors).toEqual([]);
  });
  return { seen, reads: () => reads.mock.calls.length, wakes: () => wakes };
}

test('a consumer wakes when events of its types are appended, and not for other types', async () => {
  const [wanted, other] = [fresh('Wanted'), fresh('Other')];
  const c = toldConsumer([wanted]);
  // Its first read, at start; with no event of its types held back, the next is the fallback's.
  await vi.waitFor(() => expect(c.reads()).toBe(1));

  const otherHeard = heard(other);
  await store.append(fresh('s'), 'no_stream', [ev(other), ev(other)]);
  await store.append(fresh('s'), 'no_stream', [ev(other)]);
  await otherHeard;
  expect(c.wakes()).toBe(0);
  expect(c.reads()).toBe(1);

  await store.append(fresh('s'), 'no_stream', [ev(wanted, 'one'), ev(other)]);
  await vi.waitFor(() => expect(labels(c.seen)).toEqual(['one']), { timeout: 10_000, interval: 20 });
  expect(c.wakes()).toBe(1);
});

test('a consumer of every type wakes on any append', async () => {
  const c = toldConsumer(undefined);
  await vi.waitFor(() => expect(c.reads()).toBeGreaterThan(0));
  const id = fresh('s');
  await store.append(id, 'no_stream', [ev(fresh('Any'), 'any')]);
  await vi.waitFor(() => expect(labels(c.seen.filter((e) => e.streamId === id))).toEqual(['any']), { timeout: 10_000, interval: 20 });
});

test('after the server ends the listener’s connection, it listens again, wakes every consumer, and they are told again', async () => {
  const wanted = fresh('Wanted');
  const c = toldConsumer([wanted]);
  await vi.waitFor(() => expect(c.reads()).toBe(1));
  const { rows } = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity
    where query = ${`LISTEN ${EVENT_LOG_CHANNEL}`} and datname = current_database()`.execute(db);
  expect(rows).toEqual([{ ended: true }]);
  // Listening again, the listener wakes every consumer: what was appended meanwhile was said to no one.
  await vi.waitFor(() => expect(c.reads()).toBe(2), { timeout: 10_000, interval: 20 });
  expect(c.wakes()).toBe(1);
  await store.append(fresh('s'), 'no_stream', [ev(wanted, 'after')]);
  await vi.waitFor(() => expect(labels(c.seen)).toEqual(['after']), { timeout: 10_000, interval: 20 });
});

test('an event held back by an older transaction that appends nothing is read once that transaction ends, with nothing said', async () => {
  const wanted = fresh('Wanted');
  const c = toldConsumer([wanted]);
  await vi.waitFor(() => expect(c.reads()).toBe(1));
  // The older transaction: it has a transaction id, so every later one is held back behind it.
  const older = new pg.Client({ connectionString: url });
  await older.connect();
  onTestFinished(() => older.end());
  await older.query('begin');
  await older.query('select pg_current_xact_id()');

  await store.append(fresh('s'), 'no_stream', [ev(wanted, 'held')]);
  // Told at the append's commit, the consumer reads, finds the event held back, and looks again.
  await vi.waitFor(() => expect(c.reads()).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 20 });
  expect(c.seen).toEqual([]);
  expect(c.wakes()).toBe(1);

  await older.query('commit');
  await vi.waitFor(() => expect(labels(c.seen)).toEqual(['held']), { timeout: 10_000, interval: 20 });
  expect(c.wakes()).toBe(1);
});

test('a rolled-back append says nothing', async () => {
  const [wanted, later] = [fresh('Wanted'), fresh('Later')];
  const c = toldConsumer([wanted]);
  await vi.waitFor(() => expect(c.reads()).toBe(1));
  await expect(
    db.transaction().execute(async (trx) => {
      await store.append(fresh('s'), 'no_stream', [ev(wanted)], trx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  const laterHeard = heard(later);
  await store.append(fresh('s'), 'no_stream', [ev(later)]);
  await laterHeard;
  expect(c.wakes()).toBe(0);
  expect(c.reads()).toBe(1);
});

test('one notification per type a statement appended, and one per type a transaction appended', async () => {
  const [a, b, end] = [fresh('A'), fresh('B'), fresh('End')];
  const said = recordSaid();
  await store.append(fresh('s'), 'no_stream', [ev(a), ev(b), ev(a), ev(a)]);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < 3; i++) await store.append(fresh('s'), 'no_stream', [ev(b)], trx);
  });
  const endHeard = heard(end);
  await store.append(fresh('s'), 'no_stream', [ev(end)]);
  await endHeard;
  expect(
    said
      .stop()
      .filter((t) => t !== end)
      .sort(),
  ).toEqual([a, b, b]);
});

test('a consumer told nothing still reads every fallbackMs, in case a notification was lost', async () => {
  const wanted = fresh('Wanted');
  const deaf: EventLogSignals = { onAppend: () => () => {} };
  const seen: StoredEvent[] = [];
  const consumer = startConsumer(store, fresh('deaf'), async (_trx, events) => void seen.push(...events), {
    types: [wanted],
    pollMs: 20,
    fallbackMs: 100,
    signals: deaf,
  });
  onTestFinished(() => consumer.stop());
  await store.append(fresh('s'), 'no_stream', [ev(wanted, 'unsaid')]);
  await vi.waitFor(() => expect(labels(seen)).toEqual(['unsaid']), { timeout: 10_000, interval: 20 });
});
