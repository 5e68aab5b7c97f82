// Sharing changed at the source while the content did not (a delta's change, or a listing after an
// expired cursor, with the same modified time): an organisation's synced file gets its new readers
// in place, through files (no download, no indexing: its passages' readers change in one
// statement), and the item keeps them for the connector files table. A personal connection's
// content is its owner's whatever the source shares (principals.ts), so there is nothing to do.
import type { Logger } from 'pino';
import type { EventStore } from '../eventstore/store.js';
import { DomainError } from '../shared/domain-error.js';
import type { Readers } from './adapters/types.js';
import { evolveItem, type ItemEvent, type ItemState, itemStream, NO_ITEM } from './items.js';
import { type ReadingConnection, readersOf } from './principals.js';

export type SharingDeps = {
  store: EventStore;
  logger: Logger;
  /** Files' changeSyncedFileReaders (wired by services/app); throws files' DomainError for a file gone or not synced. */
  setFileReaders: (fileUuid: string, readers: string[] | null) => Promise<unknown>;
};

/** Sharing as a comparable key: the same readers in any order are the same. */
export const readersKey = (r: Readers | null | undefined) => (r ? JSON.stringify([[...r.emails].sort(), [...r.domains].sort(), !!r.anyone]) : 'null');

/**
 * `none`: its sharing is as it was. `applied`: the file and the item carry the new readers.
 * `unneeded`: a personal connection's. `refetch`: its content changed too, or files refused (the
 * file is gone): it is to be fetched again, as a changed one is.
 */
export type SharingOutcome = 'none' | 'applied' | 'unneeded' | 'refetch';

/** A known item the source now shares with `readers`; `unchanged` says whether its content is as it was synced. */
export async function settleSharing(
  deps: SharingDeps,
  connection: ReadingConnection,
  known: { item_uuid: string; readers: Readers | null },
  readers: Readers | null,
  unchanged: (s: ItemState) => boolean,
  at: string,
): Promise<SharingOutcome> {
  if (readersKey(known.readers) === readersKey(readers)) return 'none';
  const stream = itemStream(known.item_uuid);
  const { state, version } = await deps.store.aggregate(stream, NO_ITEM, evolveItem);
  if (state.status !== 'READY' || !unchanged(state)) return 'refetch';
  if (!connection.org_uuid) return 'unneeded';
  if (state.file_uuid) {
    try {
      await deps.setFileReaders(state.file_uuid, readersOf(connection, readers));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      deps.logger.warn({ item: known.item_uuid, reason: err.code }, "a synced file's new readers were refused; it is fetched again");
      return 'refetch';
    }
  }
  const event: ItemEvent = { type: 'ConnectorItemReadersChanged', data: { item_uuid: known.item_uuid, readers, at } };
  await deps.store.append(stream, version, [event]);
  return 'applied';
}
