// The centre's signals on real PostgreSQL: said at commit to every listening instance, for the
// person named only, never for a rolled-back change; a dropped connection is made again.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { type CentreSignals, listenToCentreChanges, signalCentreChanged } from './centre-signals.js';

let db: Db;
let url: string;
let close: () => Promise<void>;
const listeners: CentreSignals[] = [];

beforeAll(async () => {
  ({ db, url, close } = await migratedDb(2));
});
afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
  await close();
});

function listening() {
  const l = listenToCentreChanges(url, () => {});
  listeners.push(l);
  return l;
}

/** Signals once a listener's LISTEN is in place: a probe person's change reaches it. */
async function ready(l: CentreSignals) {
  let woke = 0;
  const off = l.onChange('probe', () => woke++);
  await vi.waitFor(
    async () => {
      await db.transaction().execute((trx) => signalCentreChanged(trx, 'probe'));
      expect(woke).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 50 },
  );
  off();
}

test('a committed change wakes the person’s streams on every instance; a rolled-back one, no one', async () => {
  const [one, two] = [listening(), listening()];
  await Promise.all([ready(one), ready(two)]);
  const woke: string[] = [];
  one.onChange('ada', () => woke.push('one:ada'));
  two.onChange('ada', () => woke.push('two:ada'));
  two.onChange('bob', () => woke.push('two:bob'));

  await db
    .transaction()
    .execute(async (trx) => {
      await signalCentreChanged(trx, 'ada');
      throw new Error('rolled back');
    })
    .catch(() => {});
  await db.transaction().execute((trx) => signalCentreChanged(trx, 'ada'));
  await vi.waitFor(() => expect(woke.sort()).toEqual(['one:ada', 'two:ada']), { timeout: 5_000, interval: 20 });
  // The rolled-back signal never comes: the committed one above was the only one.
  await db.transaction().execute((trx) => signalCentreChanged(trx, 'bob'));
  await vi.waitFor(() => expect(woke).toContain('two:bob'), { timeout: 5_000, interval: 20 });
  expect(woke.filter((w) => w.endsWith(':ada'))).toHaveLength(2);
});

test('after its connection is ended by the server, the listener listens again and wakes every open stream', async () => {
  const l = listening();
  await ready(l);
  let woke = 0;
  l.onChange('cy', () => woke++);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN notification_centre' and datname = current_database()`.execute(db);
  // On reconnecting, every open stream reads its mark again (a change may have been missed).
  await vi.waitFor(() => expect(woke).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
  woke = 0;
  await db.transaction().execute((trx) => signalCentreChanged(trx, 'cy'));
  await vi.waitFor(() => expect(woke).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
});
