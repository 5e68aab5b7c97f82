// The agent socket adapter's LISTEN connection always goes back to its pool, so the pool's end
// (at every stop) finishes: also when the adapter closed while the connection was being set up.
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../../tests/support/database.js';
import { adapterPool } from './adapter-pool.js';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase('adapter_pool');
});
afterAll(async () => {
  await database?.drop();
});

const poolOf = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  // The database dropped at the end ends what a failed test left open.
  pool.on('error', () => {});
  return pool;
};
// Every connection back in the pool (the adapter's own publishes at its start and close come and go):
// what lets the pool's end finish, where a connection kept out made it wait for ever.
const allBack = (pool: pg.Pool) => expect.poll(() => ({ out: pool.totalCount - pool.idleCount, waiting: pool.waitingCount })).toEqual({ out: 0, waiting: 0 });
// What socket.io's namespace gives an adapter, no more.
const namespace = (name: string) => ({ name, sockets: new Map(), server: { encoder: { encode: (p: unknown) => [p] } } }) as never;

test('closed while its connection is still being set up: the connection goes back, and the pool ends', async () => {
  const pool = poolOf();
  const listening = adapterPool(pool);
  const adapter = createAdapter(listening.pool)(namespace('/agent'));
  // At once, as a stop right after a start: the adapter has not got its connection yet.
  adapter.close();
  await listening.giveBack();
  await allBack(pool);
  await pool.end();
  expect(pool.totalCount).toBe(0);
});

test('closed once listening: the adapter gives its connection back itself, and giving back again changes nothing', async () => {
  const pool = poolOf();
  const listening = adapterPool(pool);
  const adapter = createAdapter(listening.pool)(namespace('/agent'));
  // Listening: the connection's LISTEN shows in pg_stat_activity as its last query.
  await expect
    .poll(
      async () => (await pool.query("select count(*)::int as n from pg_stat_activity where query like 'LISTEN%' and datname = current_database()")).rows[0].n,
    )
    .toBe(1);
  adapter.close();
  await listening.giveBack();
  await allBack(pool);
  await pool.end();
  expect(pool.totalCount).toBe(0);
});
