// Sharing changed at the source while the content did not (a delta's change with the same modified
// time, name and place): an organisation's synced file gets its new readers in place, through
// files (no download, no indexing: its passages' readers change in one statement), and the item
// keeps them for the connector files table. A personal connection's content is its owner's
// whatever the source shares (principals.ts), so there is nothing to do.
import { DomainError } from '../shared/domain-error.js';
import type { Readers } from './adapters/types.js';
import type { ItemState } from './items.js';
import { type ReadingConnection, readersOf } from './principals.js';
import { appendItem, type SyncDeps } from './sync.js';

/**
 * `applied`: the file and the item carry the new readers. `unneeded`: a personal connection's.
 * `refetch`: files refused (the file is gone, or the item's state names none yet): the item is
 * to be fetched again, as a changed one is.
 */
export type SharingOutcome = 'applied' | 'unneeded' | 'refetch';

export async function applySharingChange(
  deps: SyncDeps,
  connection: ReadingConnection,
  item: { item_uuid: string; state: ItemState },
  readers: Readers | null,
  at: string,
): Promise<SharingOutcome> {
  if (!connection.org_uuid) return 'unneeded';
  const { state } = item;
  if (state.status !== 'READY') return 'refetch';
  if (state.file_uuid) {
    try {
      await deps.setFileReaders(state.file_uuid, readersOf(connection, readers));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      deps.logger.warn({ item: item.item_uuid, reason: err.code }, "a synced file's new readers were refused; it is fetched again");
      return 'refetch';
    }
  }
  await appendItem(deps, item.item_uuid, (s) =>
    s.status === 'READY' ? [{ type: 'ConnectorItemReadersChanged', data: { item_uuid: item.item_uuid, readers, at } }] : [],
  );
  return 'applied';
}
