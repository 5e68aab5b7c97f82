// A Google Drive connection's row written straight into the read model, and a picked item's event, for tests of the
// connectors' steps on real PostgreSQL that need a connection but no OAuth round trip.
import pino from 'pino';
import type { Db } from '../../services/db/database.js';
import type { EventStore } from '../../services/eventstore/store.js';
import { createStorage } from '../../services/storage/create-storage.js';
import type { ItemEvent, ItemRepository } from '../../services/connectors/items.js';
import { allTables } from './all-tables.js';

export async function insertDriveConnection(db: Db, f: { uuid: string; owner: string; status: 'connected' | 'disconnected'; orgUuid?: string | null }) {
  await allTables(db)
    .insertInto('connector_connections')
    .values({
      connection_uuid: f.uuid,
      connector: 'google_drive',
      owner_user_id: f.owner,
      org_uuid: f.orgUuid ?? null,
      account_id: `acct-${f.uuid}`,
      display_name: 'Ada',
      scope: null,
      status: f.status,
      established_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
}

/** A picked item's ConnectorItemFound, as a pick (or a sync's first look) records it. */
export function pickedItemFound(f: {
  item: string;
  connection: string;
  remoteId: string;
  name: string;
  kind: 'FILE' | 'FOLDER';
  repository: ItemRepository;
  at: string;
}): ItemEvent {
  return {
    type: 'ConnectorItemFound',
    data: {
      item_uuid: f.item,
      connection_uuid: f.connection,
      remote_id: f.remoteId,
      drive_id: null,
      name: f.name,
      kind: f.kind,
      parent_uuids: [],
      picked: true,
      repository: f.repository,
      url: null,
      remote_updated_at: null,
      readers: null,
      found_at: f.at,
    },
  };
}

/** Files' own dependencies for a test that imports and deletes synced files as a sync and a removal do, stored under `dataDir`. */
export function syncedFilesDeps(db: Db, store: EventStore, dataDir: string) {
  const storage = createStorage({ s3: null, dataDir, publicUrl: 'http://127.0.0.1', fileMaxBytes: 1024 * 1024 }, 'synced-files-test-secret');
  return {
    db,
    store,
    storage,
    now: () => new Date(),
    config: { fileMaxBytes: 1024 * 1024 } as never,
    logger: pino({ level: 'silent' }),
    indexing: { start: async () => {} },
  };
}
