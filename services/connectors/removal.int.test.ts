// A removed connection's batches on real PostgreSQL (the workflow that runs them, and a crash in
// the middle, are tested in tests/integration/connector-removal.int.test.ts and
// workflows/connector-removal.crash.test.ts): each batch takes at most its batch size of items, deleting
// each file once; a batch run again removes nothing twice; a file whose stream moved on meanwhile
// (still being indexed) is read again rather than failing the batch; a connection connected again
// keeps what is left.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { insertDriveConnection, pickedItemFound } from '../../tests/support/connector-rows.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { ConcurrencyError } from '../eventstore/types.js';
import { itemStream } from './items.js';
import { type RemovalDeps, removeItemBatch } from './removal.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
const REPO = { type: 'USER' as const, owner_id: 'user-1' };

beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

/** A connection in `status` with `count` synced items, every other one with a file. */
async function connection(status: 'connected' | 'disconnected', count: number) {
  const uuid = randomUUID();
  await insertDriveConnection(db, { uuid, owner: REPO.owner_id, status });
  for (let n = 0; n < count; n++) {
    const item = randomUUID();
    const at = '2026-12-01T00:00:00Z';
    await store.append(itemStream(item), 'no_stream', [
      pickedItemFound({ item, connection: uuid, remoteId: `r-${n}`, name: `r-${n}.txt`, kind: 'FILE', repository: REPO, at }),
      {
        type: 'ConnectorItemSynced',
        data: { item_uuid: item, file_uuid: n % 2 ? null : `file-${uuid}-${n}`, name: null, remote_updated_at: null, readers: null, at },
      },
    ]);
  }
  return uuid;
}

const left = async (uuid: string) =>
  (await allTables(db).selectFrom('connector_items').select('item_uuid').where('connection_uuid', '=', uuid).execute()).length;
const removals = async () =>
  Number(
    (
      await allTables(db)
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('type', '=', 'ConnectorItemRemoved')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A small batch (CONNECTOR_REMOVAL_BATCH) so that a few dozen items cross its boundary twice. */
const BATCH = 20;

function deps(deleteFile: RemovalDeps['deleteFile']): RemovalDeps {
  return { db, store, now: () => new Date('2026-12-02T10:00:00Z'), deleteFile, batchSize: BATCH };
}

describe('the batches of a removed connection', () => {
  test('take at most a batch each, every file deleted once, until none is left; a batch run again removes nothing twice', async () => {
    const count = BATCH * 2 + 10;
    const uuid = await connection('disconnected', count);
    const deleted: string[] = [];
    const d = deps(async (file) => void deleted.push(file));
    const before = await removals();
    const outcomes = [];
    for (let done = false; !done; ) {
      const batch = await removeItemBatch(d, uuid, 'user-1');
      outcomes.push(batch);
      done = batch.done;
    }
    expect(outcomes).toEqual([
      { removed: BATCH, done: false },
      { removed: BATCH, done: false },
      { removed: 10, done: true },
    ]);
    expect(await left(uuid)).toBe(0);
    expect(new Set(deleted).size).toBe(deleted.length);
    expect(deleted).toHaveLength(count / 2);
    expect((await removals()) - before).toBe(count);
    // Run again (as after a crash), the batch finds nothing and appends nothing.
    expect(await removeItemBatch(d, uuid, 'user-1')).toEqual({ removed: 0, done: true });
    expect((await removals()) - before).toBe(count);
  });

  test('a file still being indexed (its stream moved on) is tried again, not failing the batch', async () => {
    const uuid = await connection('disconnected', 4);
    let conflicts = 1;
    const deleted: string[] = [];
    const batch = await removeItemBatch(
      deps(async (file) => {
        if (conflicts-- > 0) throw new ConcurrencyError(`file-${file}`, 2, 3);
        deleted.push(file);
      }),
      uuid,
      'user-1',
    );
    expect(batch).toEqual({ removed: 4, done: true });
    expect(deleted).toHaveLength(2);
    expect(await left(uuid)).toBe(0);
  });

  test('a connection connected again keeps what is left', async () => {
    const uuid = await connection('connected', 3);
    const deleted: string[] = [];
    expect(
      await removeItemBatch(
        deps(async (file) => void deleted.push(file)),
        uuid,
        'user-1',
      ),
    ).toEqual({ removed: 0, done: true });
    expect(deleted).toEqual([]);
    expect(await left(uuid)).toBe(3);
  });
});
