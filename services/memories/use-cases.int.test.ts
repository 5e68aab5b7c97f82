// Changes of one person's memories at once on real PostgreSQL: each is decided again on the fresh
// state, so a thumbs-down and the reason sent right after it both land.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { decideAdd, decideFeedback, decideToggle } from './decide.js';
import { memoriesStream } from './events.js';
import { changeMemories } from './use-cases.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(10));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

test('a thumbs-down and a reason sent at the same moment both land, in some order', async () => {
  const userId = 'racer';
  const now = new Date('2026-11-26T01:00:00Z');
  const key = 'racer-memory-1';
  await changeMemories(store, userId, (s) => decideAdd(s, { userId, now, key, content: 'I prefer trains' }));
  const results = await Promise.allSettled(
    Array.from({ length: 4 }, (_, i) =>
      i % 2
        ? changeMemories(store, userId, (s) =>
            decideFeedback(s, { userId, now, key, type: 'irrelevant', comment: null, shouldForget: true, feedbackEntryUuid: null }),
          )
        : changeMemories(store, userId, (s) => decideToggle(s, { userId, now, key, verdict: 'not_helpful', shouldForget: true, feedbackEntryUuid: null })),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  const versions = (await allTables(db).selectFrom('events').select('stream_version').where('stream_id', '=', memoriesStream(userId)).execute()).map(
    (r) => r.stream_version,
  );
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(new Set(versions).size).toBe(versions.length);
});
