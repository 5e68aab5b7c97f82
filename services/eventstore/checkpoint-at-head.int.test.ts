// A consumer started at the log's head sees only what comes after; one that has a checkpoint
// already keeps it; an event whose transaction was running at that start is still seen.
//
// Transaction ids are cluster-wide, so other test files' open transactions can hold the log's
// readable end back for a moment: the tests wait for it rather than assume it.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { checkpointAtHead, consumeOnce } from './consumers.js';
import { EventStore } from './store.js';
import type { StoredEvent } from './types.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(3));
  store = new EventStore(db, []);
});
afterAll(async () => close?.());

const WAIT = { timeout: 20_000, interval: 100 };

/** Waits until every event of the stream lies below the oldest transaction still running. */
async function settled(streamId: string) {
  await vi.waitFor(async () => {
    const { rows } = await sql<{ below: boolean }>`
      select bool_and(tx_id < pg_snapshot_xmin(pg_current_snapshot())) as below from events where stream_id = ${streamId}`.execute(db);
    expect(rows[0].below).toBe(true);
  }, WAIT);
}

/** Reads the consumer's events (of `streams`) until `expected` is what it has seen. */
async function seesExactly(name: string, seen: StoredEvent[], streams: string[], expected: string[]) {
  await vi.waitFor(async () => {
    await consumeOnce(store, name, async (_trx, events) => void seen.push(...events.filter((e) => streams.includes(e.streamId))));
    expect(seen.map((e) => e.type)).toEqual(expected);
  }, WAIT);
}

test('starts after the newest event, once', async () => {
  await store.append('s-1', 'no_stream', [{ type: 'Old', data: {} }]);
  await settled('s-1');
  await checkpointAtHead(store, 'fresh');
  await store.append('s-1', 1, [{ type: 'New', data: {} }]);
  const seen: StoredEvent[] = [];
  await seesExactly('fresh', seen, ['s-1'], ['New']);
  // Set again later: the checkpoint it has stays.
  await checkpointAtHead(store, 'fresh');
  await store.append('s-1', 2, [{ type: 'Newer', data: {} }]);
  await seesExactly('fresh', seen, ['s-1'], ['New', 'Newer']);
});

test('sees an event whose transaction began before the start and committed after it', async () => {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let appended!: () => void;
  const inside = new Promise<void>((resolve) => (appended = resolve));
  // A transaction appends and stays open; another appends after it and commits at once.
  const early = db.transaction().execute(async (trx) => {
    await store.append('s-late', 'no_stream', [{ type: 'Late', data: {} }], trx);
    appended();
    await held;
  });
  try {
    await inside;
    await store.append('s-after', 'no_stream', [{ type: 'After', data: {} }]);
    // The consumer starts now, with the first transaction still open.
    await checkpointAtHead(store, 'late-start');
  } finally {
    commit();
    await early;
  }
  await seesExactly('late-start', [], ['s-late', 's-after'], ['Late', 'After']);
});
