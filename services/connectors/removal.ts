// Items leaving the index: one removed or unshared at the source, moved out of every picked folder,
// or its connection disconnected or deleted. Its file of files is deleted first (its passages
// leave answers), then the item; a folder takes everything under it. Either step done twice is
// harmless, so a retried step finishes the job.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { ItemRemoved } from './items.js';
import { evolveItem, itemStream, NO_ITEM } from './items.js';
import { own } from './tables.js';

export type RemovalDeps = { db: Db; store: EventStore; now: () => Date; deleteFile: (fileUuid: string, by: string) => Promise<void> };
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

export async function removeItems(deps: RemovalDeps, items: Removed[], reason: ItemRemoved['data']['reason'], by: string) {
  for (const item of items) {
    if (item.file_uuid) await deps.deleteFile(item.file_uuid, by);
    const stream = itemStream(item.item_uuid);
    const { state, version } = await deps.store.aggregate(stream, NO_ITEM, evolveItem);
    if (state.status === 'none' || state.status === 'removed') continue;
    await deps.store.append(stream, version, [{ type: 'ConnectorItemRemoved', data: { item_uuid: item.item_uuid, reason, at: deps.now().toISOString() } }]);
  }
}

/**
 * Everything a connection synced leaves answers (a disconnect keeps nothing searchable: its
 * files could no longer follow their source), and where its deltas went on from is forgotten.
 */
export async function removeConnectionItems(deps: RemovalDeps, connectionUuid: string, by: string) {
  const items = await own(deps.db).selectFrom('connector_items').select(['item_uuid', 'file_uuid']).where('connection_uuid', '=', connectionUuid).execute();
  await removeItems(deps, items, 'disconnected', by);
  await own(deps.db).deleteFrom('connector_syncs').where('connection_uuid', '=', connectionUuid).execute();
}
