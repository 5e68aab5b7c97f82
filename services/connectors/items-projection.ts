// The connector items as a read model (`connector_items`): a row per item found, its status
// and error as its events say. A deleted connection's items go by their own removal events
// (workflows/connector-removal.ts), which delete their files first.
import type { Projection } from '../eventstore/types.js';
import { ITEM_EVENTS, type ItemEvent } from './items.js';
import { own } from './tables.js';
import { applyItemsBatch, foundRow } from './items-batch-projection.js';

export const connectorItemsProjection: Projection = {
  name: 'connector-items',
  tables: ['connector_items'],
  handles: [...ITEM_EVENTS],
  applyAll: (trx, events) => applyItemsBatch(trx, events, (t, e) => connectorItemsProjection.apply(t, e)),
  async apply(trx, event) {
    const e = event as unknown as ItemEvent;
    const items = own(trx);
    switch (e.type) {
      case 'ConnectorItemFound': {
        const { item_uuid, file_uuid, created_at, ...row } = foundRow(e.data);
        await items
          .insertInto('connector_items')
          .values({ item_uuid, file_uuid, created_at, ...row })
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
