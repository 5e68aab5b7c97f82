// Items leaving the index: one removed or unshared at the source, moved out of every picked folder,
// or its connection disconnected or deleted (in batches, by workflows/connector-removal.ts, so a
// connection with thousands of files is answered at once and removed durably). Its file of files
// is deleted first (its passages leave answers), then the item; a folder takes everything under
// it. Either step done twice is harmless and appends nothing, so a retried step finishes the job.
// A removed connection's batch deletes its files and its items in one transaction: a crash between
// the two (and the connection connected again before the retry) can no longer leave items naming
// deleted files.
import { sql } from 'kysely';
import pLimit from 'p-limit';
import pRetry, { AbortError } from 'p-retry';
import { ConcurrencyError } from '../eventstore/types.js';
import type { Db } from '../db/database.js';
import type { Trx } from '../eventstore/types.js';
import type { EventStore } from '../eventstore/store.js';
import type { ItemRemoved } from './items.js';
import { evolveItem, itemStream, NO_ITEM } from './items.js';
import { own } from './tables.js';
import { connectionRow } from './queries.js';
import { connectionStream, evolveConnection, NO_CONNECTION } from './events.js';
import { decideContentRemoved } from './decide.js';
import type { RemovalRun } from './context.js';
import { removalRunOf } from './removal-sweep.js';
import { removeDocument } from './app-sync.js';

export type RemovalDeps = {
  db: Db;
  store: EventStore;
  now: () => Date;
  deleteFile: (fileUuid: string, by: string) => Promise<void>;
  /** Files deleted in `trx` (files' deleteImportedFilesIn); answers the removal of their stored bytes, for after the commit. */
  deleteFilesIn: (trx: Trx, fileUuids: string[], by: string) => Promise<() => Promise<void>>;
  /** Items or documents one step takes (CONNECTOR_REMOVAL_BATCH); REMOVAL_BATCH when not said. */
  batchSize?: number;
};
type Removed = { item_uuid: string; file_uuid: string | null };

/** The items under these (their parent_uuids lead to one), breadth-first, the given ones first. */
export async function withDescendants(db: Db, connectionUuid: string, roots: Removed[]): Promise<Removed[]> {
  const seen = new Map(roots.map((r) => [r.item_uuid, r]));
  let frontier = roots.map((r) => r.item_uuid);
  while (frontier.length) {
    const children = await own(db)
      .selectFrom('connector_items')
      .select(['item_uuid', 'file_uuid'])
      .where('connection_uuid', '=', connectionUuid)
      .where(sql<boolean>`parent_uuids && ${frontier}::text[]`)
      .execute();
    frontier = [];
    for (const c of children)
      if (!seen.has(c.item_uuid)) {
        seen.set(c.item_uuid, c);
        frontier.push(c.item_uuid);
      }
  }
  return [...seen.values()];
}

export async function removeItems(
  deps: Pick<RemovalDeps, 'store' | 'now' | 'deleteFile'>,
  items: Removed[],
  reason: ItemRemoved['data']['reason'],
  by: string,
) {
  for (const item of items) {
    if (item.file_uuid) await deps.deleteFile(item.file_uuid, by);
    const stream = itemStream(item.item_uuid);
    const { state, version } = await deps.store.aggregate(stream, NO_ITEM, evolveItem);
    if (state.status === 'none' || state.status === 'removed') continue;
    await deps.store.append(stream, version, [{ type: 'ConnectorItemRemoved', data: { item_uuid: item.item_uuid, reason, at: deps.now().toISOString() } }]);
  }
}

/** A removed connection's items or documents taken in one step at most (workflows/connector-removal.ts), unless configured. */
export const REMOVAL_BATCH = 200;
const batchOf = (deps: Pick<RemovalDeps, 'batchSize'>) => deps.batchSize ?? REMOVAL_BATCH;
/** Items of a batch removed at once: each waits on files, storage and the event store. */
const AT_ONCE = 8;

/**
 * A file still being indexed (or an item a sync still touches) moves on between reading its stream
 * and appending to it: read again and go on, rather than fail the batch for one item.
 */
const againOnConflict = <T>(run: () => Promise<T>) =>
  pRetry(
    async () => {
      try {
        return await run();
      } catch (err) {
        throw err instanceof ConcurrencyError ? err : new AbortError(err as Error);
      }
    },
    { retries: 5, minTimeout: 20, maxTimeout: 500 },
  );

/** A batch's outcome: how many it took, and whether it was the last (fewer than a batch, or the connection is back). */
export type BatchDone = { removed: number; done: boolean };

/**
 * A removal goes on while the connection is disconnected or deleted; connected again before it
 * finished (the same account renews the same connection), what is left stays with the connection.
 */
async function stillRemoved(db: Db, connectionUuid: string) {
  const row = await connectionRow(db, connectionUuid);
  return row?.status !== 'connected';
}

/**
 * Still removed, and kept so until the transaction ends: the connection's row is locked against
 * the update a reconnection makes (ConnectionRenewed's projection), so the same account connecting
 * again waits for the batch under way, then finds what it took gone and picks anew. Without it a
 * reconnection and a pick in the middle of a batch went onto the items the batch was taking: the
 * batch removed the items picked again, or left them naming a file it had just deleted.
 * A deleted connection has no row (and is never connected again): nothing to wait for.
 */
async function stillRemovedLocked(trx: Trx, connectionUuid: string) {
  const row = await own(trx).selectFrom('connector_connections').select('status').where('connection_uuid', '=', connectionUuid).forShare().executeTakeFirst();
  return row?.status !== 'connected';
}

/** An item out of the index in `trx`, read again as often as a racing writer moves it; one already removed appends nothing. */
async function removeItemIn(deps: RemovalDeps, trx: Trx, itemUuid: string, at: string) {
  const stream = itemStream(itemUuid);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await deps.store.aggregate(stream, NO_ITEM, evolveItem, trx);
    if (state.status === 'none' || state.status === 'removed') return;
    try {
      await deps.store.append(stream, version, [{ type: 'ConnectorItemRemoved', data: { item_uuid: itemUuid, reason: 'disconnected', at } }], trx);
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
    }
  }
}

/**
 * One batch of a disconnected or deleted connection's items: each one's file deleted through
 * files (its passages leave answers) and the item (its row goes with its event, so the next
 * batch takes the next ones), all in one transaction that holds the connection removed throughout
 * (stillRemovedLocked): a crash before the commit leaves files and items as they were, so the
 * batch run again, or a connection connected again meanwhile, finds every item with its file.
 * The files' stored bytes go once it committed. A batch run again skips what it already removed.
 */
export async function removeItemBatch(deps: RemovalDeps, connectionUuid: string, by: string): Promise<BatchDone> {
  let removeStored = async () => {};
  const done = await deps.db.transaction().execute(async (trx): Promise<BatchDone> => {
    if (!(await stillRemovedLocked(trx, connectionUuid))) return { removed: 0, done: true };
    const items = await own(trx)
      .selectFrom('connector_items')
      .select(['item_uuid', 'file_uuid'])
      .where('connection_uuid', '=', connectionUuid)
      .orderBy('item_uuid')
      .limit(batchOf(deps))
      .execute();
    // In one order, so that two writers taking several of these files lock them alike.
    const files = items.flatMap((item) => (item.file_uuid ? [item.file_uuid] : [])).sort();
    // Files reads a file again when its indexing moved it on meanwhile. Retried here as well, a
    // second attempt would skip the files the first deleted and lose their stored bytes to remove.
    removeStored = await deps.deleteFilesIn(trx, files, by);
    const at = deps.now().toISOString();
    for (const item of items) await removeItemIn(deps, trx, item.item_uuid, at);
    return { removed: items.length, done: items.length < batchOf(deps) };
  });
  await removeStored();
  return done;
}

/** One batch of a disconnected or deleted app connection's documents out of the index. */
export async function removeDocumentBatch(deps: Pick<RemovalDeps, 'db' | 'store' | 'now' | 'batchSize'>, connectionUuid: string): Promise<BatchDone> {
  if (!(await stillRemoved(deps.db, connectionUuid))) return { removed: 0, done: true };
  const docs = await own(deps.db)
    .selectFrom('connector_documents')
    .select('remote_id')
    .where('connection_uuid', '=', connectionUuid)
    .orderBy('remote_id')
    .limit(batchOf(deps))
    .execute();
  const limit = pLimit(AT_ONCE);
  await Promise.all(docs.map((d) => limit(() => againOnConflict(() => removeDocument(deps, connectionUuid, d.remote_id, 'disconnected')))));
  return { removed: docs.length, done: docs.length < batchOf(deps) };
}

/** Where the connection's deltas went on from is forgotten: connecting it again reads everything anew. */
export async function forgetSyncState(deps: Pick<RemovalDeps, 'db'>, connectionUuid: string) {
  if (!(await stillRemoved(deps.db, connectionUuid))) return;
  await own(deps.db).deleteFrom('connector_syncs').where('connection_uuid', '=', connectionUuid).execute();
}

/**
 * The removal's last step: everything the connection brought is gone, so it is no longer withheld
 * (ConnectionContentRemoved, naming the run that finished). Decided on the stream as it is and
 * appended at its version: a reconnection (or a reconnection and another disconnection) in
 * between wins, and the release then says nothing; run again, it appends nothing.
 */
export async function releaseRemovedConnection(deps: Pick<RemovalDeps, 'store' | 'now'>, job: Pick<RemovalRun, 'connection_uuid' | 'run'>) {
  const stream = connectionStream(job.connection_uuid);
  for (let attempt = 1; ; attempt++) {
    const events = await deps.store.readStream(stream);
    const state = events.reduce(evolveConnection, NO_CONNECTION);
    const decided = decideContentRemoved(state, removalRunOf(job.connection_uuid, events)?.run ?? null, job.run, deps.now());
    if (!decided.length) return false;
    try {
      await deps.store.append(stream, events.at(-1)?.streamVersion ?? 'no_stream', decided);
      return true;
    } catch (err) {
      // Another change of the connection came first: decided again on the stream as it now is.
      if (!(err instanceof ConcurrencyError) || attempt >= 5) throw err;
    }
  }
}
