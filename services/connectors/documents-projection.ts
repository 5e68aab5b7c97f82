// An app connection's documents and its source's groups as read models (`connector_documents`,
// `connector_groups`), from their events: what a disconnect takes out of the index, and which
// groups an asker is a member of (reader-principals.ts). A deleted connection's groups go with it;
// its documents go by their own removal events (use-cases.ts), which take them out of the index too.
import type { Projection } from '../eventstore/types.js';
import type { ConnectionDeleted } from './events.js';
import type { DocumentEvent, GroupResolved } from './documents.js';
import { own } from './tables.js';

export const connectorDocumentsProjection: Projection = {
  name: 'connector-documents',
  tables: ['connector_documents', 'connector_groups'],
  handles: ['ConnectorDocumentSynced', 'ConnectorDocumentRemoved', 'ConnectorGroupResolved', 'ConnectionDeleted'],
  async apply(trx, event) {
    const db = own(trx);
    if (event.type === 'ConnectionDeleted') {
      const uuid = (event.data as ConnectionDeleted['data']).connection_uuid;
      await db.deleteFrom('connector_groups').where('connection_uuid', '=', uuid).execute();
      return;
    }
    if (event.type === 'ConnectorGroupResolved') {
      const d = event.data as GroupResolved['data'];
      const row = { members: d.members, resolved_at: d.resolved_at };
      await db
        .insertInto('connector_groups')
        .values({ connection_uuid: d.connection_uuid, kind: d.kind, key: d.key, ...row })
        .onConflict((oc) => oc.columns(['connection_uuid', 'kind', 'key']).doUpdateSet(row))
        .execute();
      return;
    }
    const e = { type: event.type, data: event.data } as DocumentEvent;
    if (e.type === 'ConnectorDocumentRemoved') {
      await db.deleteFrom('connector_documents').where('connection_uuid', '=', e.data.connection_uuid).where('remote_id', '=', e.data.remote_id).execute();
      return;
    }
    const d = e.data;
    const row = { corpus: d.corpus, title: d.title, url: d.url, readers: d.readers, synced_at: d.synced_at };
    await db
      .insertInto('connector_documents')
      .values({ connection_uuid: d.connection_uuid, remote_id: d.remote_id, ...row })
      .onConflict((oc) => oc.columns(['connection_uuid', 'remote_id']).doUpdateSet(row))
      .execute();
  },
};
