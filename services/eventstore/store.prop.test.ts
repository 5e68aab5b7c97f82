// Concurrent appends through a real connection pool: the optimistic concurrency rule holds
// however many writers race, and a stream's versions never have gaps or duplicates.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { EventStore } from './store.js';
import { ConcurrencyError, type NewEvent } from './types.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb(24));
  store = new EventStore(db);
});
afterAll(async () => close?.());

let run = 0;
const batch = (writer: number, size: number): NewEvent[] => Array.from({ length: size }, (_, i) => ({ type: 'Written', data: { writer, i } }));

/** The stream's events must be versions 1..n, and each writer's batch must sit in one piece. */
async function expectGaplessWithWholeBatches(streamId: string) {
  const events = await store.readStream(streamId);
  expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i + 1));
  const positions = events.map((e) => BigInt(e.globalPosition));
  expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const writers = events.map((e) => (e.data as { writer: number }).writer);
  const runs = writers.filter((w, i) => i === 0 || writers[i - 1] !== w);
  expect(new Set(runs).size).toBe(runs.length);
  return events;
}

test('concurrent appends with one expected version: exactly one wins and versions stay gapless', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 4 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 16 }), async (existing, sizes) => {
      const id = `race-${++run}`;
      if (existing) await store.append(id, 'no_stream', batch(-1, existing));
      const results = await Promise.allSettled(sizes.map((size, w) => store.append(id, existing, batch(w, size))));

      const won = results.flatMap((r, w) => (r.status === 'fulfilled' ? [w] : []));
      expect(won).toHaveLength(1);
      const winner = won[0];
      for (const r of results)
        if (r.status === 'rejected') {
          expect(r.reason).toBeInstanceOf(ConcurrencyError);
          expect(r.reason.actual).toBe(existing + sizes[winner]);
        }
      const events = await expectGaplessWithWholeBatches(id);
      expect(events).toHaveLength(existing + sizes[winner]);
      expect(events.slice(existing).map((e) => (e.data as { writer: number }).writer)).toEqual(Array(sizes[winner]).fill(winner));
    }),
    { numRuns: 25 },
  );
});

test('writers that re-read and retry on conflict all land, in whole batches, with gapless versions', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 12 }), async (sizes) => {
      const id = `retry-${++run}`;
      await Promise.all(
        sizes.map(async (size, w) => {
          for (let attempt = 0; ; attempt++) {
            const { version } = await store.aggregate(id, null, () => null);
            try {
              return await store.append(id, version, batch(w, size));
            } catch (err) {
              if (!(err instanceof ConcurrencyError) || attempt > 50) throw err;
            }
          }
        }),
      );
      const events = await expectGaplessWithWholeBatches(id);
      expect(events).toHaveLength(sizes.reduce((a, b) => a + b, 0));
    }),
    { numRuns: 15 },
  );
});

test('appends with expected version any never conflict, however many race', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 12 }), async (sizes) => {
      const id = `any-${++run}`;
      await Promise.all(sizes.map((size, w) => store.append(id, 'any', batch(w, size))));
      const events = await expectGaplessWithWholeBatches(id);
      expect(events).toHaveLength(sizes.reduce((a, b) => a + b, 0));
    }),
    { numRuns: 15 },
  );
});
