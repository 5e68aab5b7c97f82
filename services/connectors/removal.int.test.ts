// A removed connection's batches on real PostgreSQL (the workflow that runs them, and a crash in
// the middle, are tested in tests/integration/connector-removal.int.test.ts and
// workflows/connector-removal.crash.test.ts): each batch takes at most its batch size of items, deleting
// each file once; a batch run again removes nothing twice; a file whose stream moved on meanwhile
// (still being indexed) is read again rather than failing the batch; a connection connected again
// keeps what is left, and one connected again in the middle of a batch waits for it, so nothing
// picked again is lost; a batch killed after deleting its files (files and items go in one
// transaction) leaves every item with its file, for a connection connected again before the retry. The release at the end names its run: a late one releases nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { insertDriveConnection, pickedItemFound, syncedFilesDeps } from '../../tests/support/connector-rows.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import { ConcurrencyError, type Trx } from '../eventstore/types.js';
import { deleteImportedFilesIn, importFile } from '../files/index.js';
import { evolveItem, itemStream, NO_ITEM } from './items.js';
import { connectionStream, type ConnectionEvent } from './events.js';
import { type RemovalDeps, releaseRemovedConnection, removeItemBatch } from './removal.js';

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
  const deleteFilesIn: RemovalDeps['deleteFilesIn'] = async (_trx, files, by) => {
    for (const file of files) await deleteFile(file, by);
    return async () => {};
  };
  return { db, store, now: () => new Date('2026-12-02T10:00:00Z'), deleteFile, deleteFilesIn, batchSize: BATCH };
}

/** Files' own dependencies, for files imported and deleted as a sync and a removal do (stored under a temporary folder). */
function filesDeps() {
  const dataDir = mkdtempSync(join(tmpdir(), 'removal-int-'));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  return syncedFilesDeps(db, store, dataDir);
}

/** `count` real files imported, each synced onto an item of the connection; their uuids. */
async function importedItems(files: ReturnType<typeof filesDeps>, connection: string, count: number) {
  const made: string[] = [];
  for (let n = 0; n < count; n++) {
    const { file_uuid } = await importFile(files, {
      repository: REPO,
      file_uuid: null,
      filename: `kept-${n}.txt`,
      bytes: Buffer.from(`Kept note ${n}.`),
      uploaded_by: REPO.owner_id,
      uploader_email: 'owner@example.com',
    });
    made.push(file_uuid);
    const item = randomUUID();
    const at = '2026-12-01T00:00:00Z';
    await store.append(itemStream(item), 'no_stream', [
      pickedItemFound({ item, connection, remoteId: `kept-${n}`, name: `kept-${n}.txt`, kind: 'FILE', repository: REPO, at }),
      { type: 'ConnectorItemSynced', data: { item_uuid: item, file_uuid, name: null, remote_updated_at: null, readers: null, at } },
    ]);
  }
  return made;
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
    const uuid = randomUUID();
    await insertDriveConnection(db, { uuid, owner: REPO.owner_id, status: 'disconnected' });
    const files = filesDeps();
    const made = await importedItems(files, uuid, 4);
    // The first deletion meets a stream moved on by a racing writer (the file's indexing), once.
    let conflicts = 1;
    const racing = Object.assign(Object.create(files.store) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) => {
        if (conflicts-- > 0) return Promise.reject(new ConcurrencyError(args[0], 2, 3));
        return files.store.append(...args);
      },
    });
    const real = {
      ...deps(async () => {}),
      deleteFilesIn: (trx: Trx, uuids: string[], by: string) => deleteImportedFilesIn({ ...files, store: racing }, trx, uuids, by),
    };
    expect(await removeItemBatch(real, uuid, 'user-1')).toEqual({ removed: 4, done: true });
    expect(conflicts).toBe(-4);
    expect(await left(uuid)).toBe(0);
    expect(await allTables(db).selectFrom('files').select('file_uuid').where('file_uuid', 'in', made).execute()).toEqual([]);
  });

  test('connected again and picked again while a batch deletes its files: the reconnection waits for the batch, so nothing picked again is lost', async () => {
    const uuid = await connection('disconnected', 2);
    const before = await allTables(db).selectFrom('connector_items').select('item_uuid').where('connection_uuid', '=', uuid).execute();
    // The person connects again (the same account renews the same connection: its row turns
    // connected) and picks the same files again, as pickFiles does: onto the items still listed.
    const reconnectAndRepick = async () => {
      await allTables(db).updateTable('connector_connections').set({ status: 'connected' }).where('connection_uuid', '=', uuid).execute();
      const listed = await allTables(db).selectFrom('connector_items').select(['item_uuid', 'remote_id']).where('connection_uuid', '=', uuid).execute();
      const picked = new Map(listed.map((r) => [r.remote_id, r.item_uuid]));
      for (const remoteId of ['r-0', 'r-1']) {
        const item = picked.get(remoteId) ?? randomUUID();
        const { version } = await store.aggregate(itemStream(item), NO_ITEM, evolveItem);
        const at = '2026-12-02T10:00:01Z';
        await store.append(itemStream(item), version, [
          pickedItemFound({ item, connection: uuid, remoteId, name: `${remoteId}.txt`, kind: 'FILE', repository: REPO, at }),
        ]);
      }
    };
    // Held at its first file, the batch lets the reconnection run until it ends or waits on a lock.
    let reconnecting: Promise<void> | null = null;
    const waitsOnALock = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db))
        .rows[0].n > 0;
    await removeItemBatch(
      deps(async () => {
        if (reconnecting) return;
        let settled = false;
        reconnecting = reconnectAndRepick().finally(() => {
          settled = true;
        });
        while (!settled && !(await waitsOnALock())) await new Promise((r) => setTimeout(r, 5));
      }),
      uuid,
      'user-1',
    );
    await reconnecting;
    // The batch took both items; the picks, after it, made new ones, each as picked.
    const after = await allTables(db).selectFrom('connector_items').select(['item_uuid', 'status']).where('connection_uuid', '=', uuid).execute();
    expect(after.map((r) => r.status)).toEqual(['RECEIVED', 'RECEIVED']);
    expect(after.filter((r) => before.some((b) => b.item_uuid === r.item_uuid))).toEqual([]);
  });

  test('a batch killed after deleting its files, the connection connected again before its retry: every item keeps its file, so syncing it again never meets a deleted file', async () => {
    const uuid = randomUUID();
    await insertDriveConnection(db, { uuid, owner: REPO.owner_id, status: 'disconnected' });
    const files = filesDeps();
    const made = await importedItems(files, uuid, 3);
    const real = { ...deps(async () => {}), deleteFilesIn: (trx: Trx, uuids: string[], by: string) => deleteImportedFilesIn(files, trx, uuids, by) };
    const standing = async () => (await allTables(db).selectFrom('files').select('file_uuid').where('file_uuid', 'in', made).execute()).length;
    // The server dies once the batch's files are deleted, before its items are removed.
    const killed = new Error('killed');
    const dying = {
      ...real,
      deleteFilesIn: async (trx: Trx, uuids: string[], by: string) => {
        await real.deleteFilesIn(trx, uuids, by);
        throw killed;
      },
    };
    await expect(removeItemBatch(dying, uuid, 'user-1')).rejects.toBe(killed);
    // Connected again before the batch's retry: the retry leaves everything to the connection...
    await allTables(db).updateTable('connector_connections').set({ status: 'connected' }).where('connection_uuid', '=', uuid).execute();
    expect(await removeItemBatch(real, uuid, 'user-1')).toEqual({ removed: 0, done: true });
    // ...and every item still names a file that stands (a sync again adds it a version; a deleted one would refuse it).
    expect(await left(uuid)).toBe(3);
    expect(await standing()).toBe(3);
    const named = await allTables(db).selectFrom('connector_items').select('file_uuid').where('connection_uuid', '=', uuid).execute();
    expect(named.map((r) => r.file_uuid).sort()).toEqual([...made].sort());
    // Disconnected again, the batch takes items and files together.
    await allTables(db).updateTable('connector_connections').set({ status: 'disconnected' }).where('connection_uuid', '=', uuid).execute();
    expect(await removeItemBatch(real, uuid, 'user-1')).toEqual({ removed: 3, done: true });
    expect(await left(uuid)).toBe(0);
    expect(await standing()).toBe(0);
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

describe('releasing what withheld a removed connection', () => {
  test('a removal finishing late (connected and disconnected again since) releases nothing; the current one releases its rows', async () => {
    const uuid = randomUUID();
    const at = '2026-12-02T10:00:00Z';
    const change = (type: 'renewed' | 'disconnected'): ConnectionEvent =>
      type === 'renewed'
        ? { type: 'ConnectionRenewed', data: { connection_uuid: uuid, by_user_id: 'user-1', display_name: 'Ida', scope: null, renewed_at: at } }
        : { type: 'ConnectionDisconnected', data: { connection_uuid: uuid, by_user_id: 'user-1', reason: 'by_person', disconnected_at: at } };
    const appendAll = async (events: ConnectionEvent[]) => {
      for (const e of events) await store.append(connectionStream(uuid), 'any', [e]);
    };
    await appendAll([
      {
        type: 'ConnectionEstablished',
        data: {
          connection_uuid: uuid,
          connector: 'google_drive',
          owner_user_id: 'user-1',
          org_uuid: null,
          account_id: 'a',
          display_name: 'Ida',
          scope: null,
          established_at: at,
        },
      },
      change('disconnected'),
      change('renewed'),
      change('disconnected'),
    ]);
    const withheld = async () => [
      ...(await sql<{ c: string }>`select connection_uuid as c from file_withheld_connections where connection_uuid = ${uuid}`.execute(db)).rows,
      ...(await sql<{ c: string }>`select origin as c from passage_withheld_origins where origin = ${uuid}`.execute(db)).rows,
    ];
    expect(await withheld()).toHaveLength(2);
    const d = deps(async () => {});
    // The first disconnection's removal, finishing only now: the second one's rows stay.
    expect(await releaseRemovedConnection(d, { connection_uuid: uuid, run: 'disconnect-2' })).toBe(false);
    expect(await withheld()).toHaveLength(2);
    expect(await releaseRemovedConnection(d, { connection_uuid: uuid, run: 'disconnect-4' })).toBe(true);
    expect(await withheld()).toEqual([]);
    // Run again (a retried step), nothing more.
    expect(await releaseRemovedConnection(d, { connection_uuid: uuid, run: 'disconnect-4' })).toBe(false);
    // Connected again, its content is not withheld; disconnected again, it is, until that removal's release.
    await appendAll([change('renewed'), change('disconnected')]);
    expect(await withheld()).toHaveLength(2);
    expect(await releaseRemovedConnection(d, { connection_uuid: uuid, run: 'disconnect-4' })).toBe(false);
    expect(await releaseRemovedConnection(d, { connection_uuid: uuid, run: 'disconnect-7' })).toBe(true);
    expect(await withheld()).toEqual([]);
  });
});
