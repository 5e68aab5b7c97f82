// The connections as a read model (`connector_connections`). A deleted account's own connections go
// with it, their sealed tokens, synced items and unfinished attempts too (docs/data-rights.md); an
// organisation's connections stay with the organisation.
import type { AccountErased } from '../identity/events.js';
import type { Projection } from '../eventstore/types.js';
import { CONNECTION_EVENTS, type ConnectionEvent } from './events.js';
import { own } from './tables.js';

export const connectorsProjection: Projection = {
  name: 'connectors',
  tables: ['connector_connections'],
  handles: [...CONNECTION_EVENTS, 'AccountErased'],
  async apply(trx, event) {
    if (event.type === 'AccountErased') {
      const userId = (event.data as AccountErased['data']).user_id;
      const gone = own(trx).selectFrom('connector_connections').select('connection_uuid').where('owner_user_id', '=', userId).where('org_uuid', 'is', null);
      await own(trx).deleteFrom('connector_credentials').where('connection_uuid', 'in', gone).execute();
      await own(trx).deleteFrom('connector_items').where('connection_uuid', 'in', gone).execute();
      await own(trx).deleteFrom('connector_syncs').where('connection_uuid', 'in', gone).execute();
      await own(trx).deleteFrom('connector_connections').where('owner_user_id', '=', userId).where('org_uuid', 'is', null).execute();
      await own(trx).deleteFrom('connector_flows').where('user_id', '=', userId).execute();
      return;
    }
    const e = event as unknown as ConnectionEvent;
    switch (e.type) {
      case 'ConnectionEstablished': {
        const d = e.data;
        await own(trx)
          .insertInto('connector_connections')
          .values({
            connection_uuid: d.connection_uuid,
            connector: d.connector,
            owner_user_id: d.owner_user_id,
            org_uuid: d.org_uuid,
            account_id: d.account_id,
            display_name: d.display_name,
            scope: d.scope,
            status: 'connected',
            established_at: d.established_at,
            updated_at: d.established_at,
          })
          .execute();
        return;
      }
      case 'ConnectionRenewed':
        await own(trx)
          .updateTable('connector_connections')
          .set({ status: 'connected', display_name: e.data.display_name, scope: e.data.scope, updated_at: e.data.renewed_at })
          .where('connection_uuid', '=', e.data.connection_uuid)
          .execute();
        return;
      case 'ConnectionDisconnected':
        await own(trx)
          .updateTable('connector_connections')
          .set({ status: 'disconnected', updated_at: e.data.disconnected_at })
          .where('connection_uuid', '=', e.data.connection_uuid)
          .execute();
        return;
      case 'ConnectionDeleted':
        await own(trx).deleteFrom('connector_connections').where('connection_uuid', '=', e.data.connection_uuid).execute();
        return;
    }
  },
};
