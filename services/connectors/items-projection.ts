// The connector items as a read model (`connector_items`): a row per item found, its status
// and error as its events say. A deleted connection's items go by their own removal events
// (workflows/connector-removal.ts), which delete their files first.
import type { Projection } from '../eventstore/types.js';
import { ITEM_EVENTS, type ItemEvent } from './items.js';
import { own } from './tables.js';

export const connectorItemsProjection: Projection = {
  name: 'connector-items',
  tables: ['connector_items'],
  handles: [...ITEM_EVENTS],
  async apply(trx, event) {
    const e = event as unknown as ItemEvent;
    const items = own(trx);
    switch (e.type) {
      case 'ConnectorItemFound': {
        const d = e.data;
        const row = {
          connection_uuid: d.connection_uuid,
          remote_id: d.remote_id,
          drive_id: d.drive_id,
          name: d.name,
          kind: d.kind,
          parent_uuids: d.parent_uuids,
          picked: d.picked,
          repository_type: d.repository.type,
          repository_owner: d.repository.owner_id,
          url: d.url,
          // As listed: what a sync fetches records it as synced (the item's state keeps what was synced).
          remote_updated_at: d.remote_updated_at,
          readers: d.readers ? JSON.stringify(d.readers) : null,
          mime_type: d.mime_type ?? null,
          path: d.path ?? null,
          status: 'RECEIVED',
          error: null,
          updated_at: d.found_at,
        };
        await items
          .insertInto('connector_items')
          .values({ item_uuid: d.item_uuid, file_uuid: null, created_at: d.found_at, ...row })
          .onConflict((oc) => oc.column('item_uuid').doUpdateSet(row))
          .execute();
        return;
      }
      case 'ConnectorItemStatusChanged':
        await items
          .updateTable('connector_items')
          .set({ status: e.data.status, error: null, updated_at: e.data.at })
          .where('item_uuid', '=', e.data.item_uuid)
          .execute();
        return;
      case 'ConnectorItemSynced':
        await items
          .updateTable('connector_items')
          .set({
            status: 'READY',
            error: null,
            ...(e.data.name ? { name: e.data.name } : {}),
            file_uuid: e.data.file_uuid,
            remote_updated_at: e.data.remote_updated_at,
            readers: e.data.readers ? JSON.stringify(e.data.readers) : null,
            updated_at: e.data.at,
          })
          .where('item_uuid', '=', e.data.item_uuid)
          .execute();
        return;
      case 'ConnectorItemReadersChanged':
        await items
          .updateTable('connector_items')
          .set({ readers: e.data.readers ? JSON.stringify(e.data.readers) : null })
          .where('item_uuid', '=', e.data.item_uuid)
          .execute();
        return;
      case 'ConnectorItemFailed':
        await items
          .updateTable('connector_items')
          .set({ status: 'SYNC_ERROR', error: e.data.error, updated_at: e.data.at })
          .where('item_uuid', '=', e.data.item_uuid)
          .execute();
        return;
      case 'ConnectorItemRemoved':
        await items.deleteFrom('connector_items').where('item_uuid', '=', e.data.item_uuid).execute();
        return;
    }
  },
};
