// `data_exports`: each archive a person asked for and where it stands. A deleted account's go.
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { DATA_EXPORT_EVENT_TYPES, type DataExportEvent } from './events.js';
import { own } from './tables.js';

export const dataExportsProjection: Projection = {
  name: 'data_exports',
  tables: ['data_exports'],
  handles: [...DATA_EXPORT_EVENT_TYPES, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      await own(trx)
        .deleteFrom('data_exports')
        .where('user_id', '=', (event.data as AccountErased['data']).user_id)
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as DataExportEvent;
    const row = own(trx).updateTable('data_exports').where('export_id', '=', e.data.export_id);
    switch (e.type) {
      case 'DataExportRequested':
        await own(trx)
          .insertInto('data_exports')
          .values({ export_id: e.data.export_id, user_id: e.data.user_id, status: 'preparing', requested_at: e.data.requested_at })
          .execute();
        return;
      case 'DataExportReady':
        await row
          .set({ status: 'ready', object_key: e.data.object_key, size: e.data.size, ready_at: e.data.ready_at, expires_at: e.data.expires_at })
          .execute();
        return;
      case 'DataExportFailed':
        await row.set({ status: 'failed' }).execute();
        return;
      case 'DataExportExpired':
        await row.set({ status: 'expired', object_key: null }).execute();
        return;
    }
  },
};
