// A consumer started at the log's head sees only what comes after; one that has a checkpoint
// already keeps it.
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

test('starts after the newest event, once', async () => {
  await store.append('s-1', 'no_stream', [{ type: 'Old', data: {} }]);
  await checkpointAtHead(store, 'fresh');
  await store.append('s-1', 1, [{ type: 'New', data: {} }]);
  const seen: StoredEvent[] = [];
  // Other test files' open transactions hold the log's visible end back for a moment.
  await vi.waitFor(
    async () => {
      await consumeOnce(store, 'fresh', async (_trx, events) => void seen.push(...events));
      expect(seen.map((e) => e.type)).toEqual(['New']);
    },
    { timeout: 20_000, interval: 100 },
  );
  // Set again later: the checkpoint it has stays.
  await checkpointAtHead(store, 'fresh');
  await store.append('s-1', 2, [{ type: 'Newer', data: {} }]);
  await vi.waitFor(
    async () => {
      await consumeOnce(store, 'fresh', async (_trx, events) => void seen.push(...events));
      expect(seen.map((e) => e.type)).toEqual(['New', 'Newer']);
    },
    { timeout: 20_000, interval: 100 },
  );
});
