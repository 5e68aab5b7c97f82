// The instance's listener on real PostgreSQL: one connection for all its channels, each
// notification to that channel's handlers only, and no connection left once closed.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from './database.js';
import { listenTo } from './listen.js';

let db: Db;
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, close } = await migratedDb(2));
});
afterAll(async () => close?.());

const say = (channel: string, payload: string) => sql`select pg_notify(${channel}, ${payload})`.execute(db);
const listening = async () =>
  (await sql<{ query: string }>`select query from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`.execute(db)).rows;

test('one connection listens to every channel; each handler hears its own channel', async () => {
  const listener = listenTo(url, ['first_channel', 'second_channel'], () => {});
  const heard: string[] = [];
  let connected = 0;
  listener.onReconnect(() => connected++);
  listener.on('first_channel', (p) => heard.push(`first:${p}`));
  const offSecond = listener.on('second_channel', (p) => heard.push(`second:${p}`));
  try {
    await vi.waitFor(() => expect(connected).toBe(1), { timeout: 10_000, interval: 20 });
    expect(await listening()).toEqual([{ query: 'LISTEN first_channel; LISTEN second_channel' }]);
    await say('first_channel', 'a');
    await say('second_channel', 'b');
    await vi.waitFor(() => expect(heard).toEqual(['first:a', 'second:b']), { timeout: 5_000, interval: 20 });
    offSecond();
    await say('second_channel', 'c');
    await say('first_channel', 'd');
    await vi.waitFor(() => expect(heard).toEqual(['first:a', 'second:b', 'first:d']), { timeout: 5_000, interval: 20 });
  } finally {
    await listener.close();
  }
  await vi.waitFor(async () => expect(await listening()).toEqual([]), { timeout: 5_000, interval: 20 });
  expect(() => listener.on('third_channel', () => {})).toThrow('not listening to third_channel');
});

test('a channel name is a plain identifier (it is written into LISTEN)', () => {
  expect(() => listenTo(url, ['x; drop table events'], () => {})).toThrow('not a plain channel name');
});
