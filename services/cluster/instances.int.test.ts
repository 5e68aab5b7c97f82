// Instances on one database: a silent one is taken over once, by one live instance, and again if
// its taker dies halfway.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase, testDb } from '../../tests/support/database.js';
import { allTables } from '../../tests/support/all-tables.js';
import { startInstanceWatch, type InstanceWatch } from './instances.js';

const LEASE_MS = 400;
let database: { url: string; drop: () => Promise<void> };
let db: Db;
const watches: InstanceWatch[] = [];

beforeAll(async () => {
  database = await createTestDatabase('cluster_instances');
  db = testDb(database.url, 4);
  await migrateToLatest(db);
});
// Each test its own instances: the ones of the test before are stopped and forgotten.
afterEach(async () => {
  for (const w of watches.splice(0)) await w.stop();
  await allTables(db).deleteFrom('cluster_instances').execute();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function watch(instanceId: string, takeOver: (deadId: string) => Promise<void>) {
  const w = startInstanceWatch({ db, instanceId, leaseMs: LEASE_MS, takeOver, onError: () => {} });
  watches.push(w);
  return w;
}

const rows = async () => await allTables(db).selectFrom('cluster_instances').select(['instance_id', 'taken_over_by']).orderBy('instance_id').execute();

describe('instances on one database', () => {
  test('an instance silent for a lease is taken over once, by one of the live ones, and its row goes', async () => {
    const taken: string[] = [];
    const dead = watch('a', async () => {});
    await dead.beat();
    await dead.stop(); // silent from now on, as a killed process would be
    watch('b', async (id) => void taken.push(`b took ${id}`));
    watch('c', async (id) => void taken.push(`c took ${id}`));
    await expect.poll(() => taken.length, { timeout: 5_000 }).toBe(1);
    await sleep(LEASE_MS * 2);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatch(/^[bc] took a$/);
    expect((await rows()).map((r) => r.instance_id)).toEqual(['b', 'c']);
  });

  test('a takeover that fails is tried again after a lease, by the same or another instance', async () => {
    const dead = watch('d', async () => {});
    await dead.beat();
    await dead.stop();
    let attempts = 0;
    const done: string[] = [];
    watch('e', async (id) => {
      attempts++;
      if (attempts === 1) throw new Error('the taker fails halfway');
      done.push(id);
    });
    await expect.poll(() => done, { timeout: 5_000 }).toEqual(['d']);
    expect(attempts).toBe(2);
    // The row goes just after the takeover returns, so it is waited for rather than read at once.
    await expect.poll(async () => (await rows()).some((r) => r.instance_id === 'd'), { timeout: 5_000 }).toBe(false);
  });

  test('a live instance is never taken over', async () => {
    const taken: string[] = [];
    watch('f', async (id) => void taken.push(id));
    watch('g', async (id) => void taken.push(id));
    await sleep(LEASE_MS * 3);
    expect(taken.filter((id) => id === 'f' || id === 'g')).toEqual([]);
  });
});
