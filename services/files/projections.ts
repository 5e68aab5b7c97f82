// Read models of files: `files` (one row per file, its latest version's state), `file_uploads`
// (upload forms pending) and `org_file_settings`. (A file's passages are the passages
// projection's, fed by file-passages.ts: a deleted file's passages leave the index in the same
// transaction.)
import type { Projection } from '../eventstore/types.js';
import type { AccountErased } from '../identity/events.js';
import { FILE_EVENT_TYPES, type FileEvent, type OrgFileSettingsChanged } from './events.js';
import { own } from './tables.js';

/**
 * The connectors' events that withhold a connection's synced files (disconnected, deleted) or give
 * them back (connected again before its removal finished): read by type, as the connectors publish
 * them, so listing and opening them stops at once while the removal deletes them one by one.
 */
// Released again once it is connected again, or once its removal has taken everything it brought.
const WITHHOLDING = { ConnectionDisconnected: true, ConnectionDeleted: true, ConnectionRenewed: false, ConnectionContentRemoved: false } as const;
const isWithholding = (type: string): type is keyof typeof WITHHOLDING => Object.hasOwn(WITHHOLDING, type);

export const filesProjection: Projection = {
  name: 'files',
  tables: ['files', 'file_uploads', 'org_file_settings', 'file_withheld_connections'],
  handles: [...FILE_EVENT_TYPES, 'OrgFileSettingsChanged', 'AccountErased', ...(Object.keys(WITHHOLDING) as (keyof typeof WITHHOLDING)[])],
  async apply(trx, event) {
    if (isWithholding(event.type)) {
      const connection = (event.data as { connection_uuid: string }).connection_uuid;
      if (WITHHOLDING[event.type])
        await own(trx)
          .insertInto('file_withheld_connections')
          .values({ connection_uuid: connection })
          .onConflict((oc) => oc.doNothing())
          .execute();
      else await own(trx).deleteFrom('file_withheld_connections').where('connection_uuid', '=', connection).execute();
      return;
    }
    if (event.type === 'AccountErased') {
      // A deleted account's files went before, and its unfinished uploads' bytes; on the files it
      // gave a Space that stays, its address goes.
      const { user_id } = event.data as AccountErased['data'];
      await own(trx).updateTable('files').set({ uploader_email: '' }).where('uploaded_by_user_id', '=', user_id).execute();
      await own(trx).deleteFrom('file_uploads').where('uploaded_by_user_id', '=', user_id).execute();
      return;
    }
    const e = { type: event.type, data: event.data } as FileEvent | OrgFileSettingsChanged;
    switch (e.type) {
      case 'FileUploadStarted': {
        const d = e.data;
        await own(trx)
          .insertInto('file_uploads')
          .values({
            object_key: d.object_key,
            file_uuid: d.file_uuid,
            repo_type: d.repository.type,
            repo_owner: d.repository.owner_id,
            uploaded_by_user_id: d.uploaded_by,
            counts_as_new: d.counts_as_new,
            expires_at: d.expires_at,
          })
          .execute();
        return;
      }
      case 'FileUploadExpired':
        await own(trx).deleteFrom('file_uploads').where('object_key', '=', e.data.object_key).execute();
        return;
      case 'FileSubmitted': {
        const d = e.data;
        // Submitted: no longer pending (a no-op for events from before uploads were recorded).
        await own(trx)
          .deleteFrom('file_uploads')
          .where('object_key', '=', d.upload_key ?? d.object_key)
          .execute();
        const row = {
          repo_type: d.repository.type,
          repo_owner: d.repository.owner_id,
          filename: d.filename,
          file_title: d.filename,
          content_type: d.content_type,
          file_type: d.file_type,
          is_attachment: d.is_attachment,
          file_size: d.file_size,
          object_key: d.object_key,
          uploaded_by_user_id: d.uploaded_by,
          uploader_email: d.uploader_email,
          connection_type: d.source?.connection_type ?? null,
          connection_file_url: d.source?.url ?? null,
          connection_uuid: d.source?.connection_uuid ?? null,
          readers: d.readers ?? null,
          file_state: 'PROCESSING' as const,
          error: null,
          version: d.version,
          updated_at: d.submitted_at,
        };
        await own(trx)
          .insertInto('files')
          .values({ file_uuid: d.file_uuid, ...row, created_at: d.submitted_at })
          .onConflict((oc) => oc.column('file_uuid').doUpdateSet(row))
          .execute();
        return;
      }
      case 'FileIndexed': {
        const d = e.data;
        await own(trx)
          .updateTable('files')
          .set((eb) => ({
            file_state: 'COMPLETE',
            error: null,
            file_title: d.title ?? eb.ref('filename'),
            file_description: d.description,
            page_count: d.page_count,
            passage_count: d.passage_count,
            updated_at: d.indexed_at,
          }))
          .where('file_uuid', '=', d.file_uuid)
          .where('version', '=', d.version)
          .execute();
        return;
      }
      case 'FileIndexFailed':
        await own(trx)
          .updateTable('files')
          .set({ file_state: 'FAILED', error: e.data.error, updated_at: e.data.failed_at })
          .where('file_uuid', '=', e.data.file_uuid)
          .where('version', '=', e.data.version)
          .execute();
        return;
      case 'FileReadersChanged':
        // Who may list and open it follows its source's sharing; its content and dates stay.
        await own(trx).updateTable('files').set({ readers: e.data.readers }).where('file_uuid', '=', e.data.file_uuid).execute();
        return;
      case 'FileDeleted':
        await own(trx).deleteFrom('files').where('file_uuid', '=', e.data.file_uuid).execute();
        return;
      case 'OrgFileSettingsChanged':
        await own(trx)
          .insertInto('org_file_settings')
          .values({ org_uuid: e.data.org_uuid, downloads_disabled: e.data.downloads_disabled, updated_at: e.data.changed_at })
          .onConflict((oc) => oc.column('org_uuid').doUpdateSet({ downloads_disabled: e.data.downloads_disabled, updated_at: e.data.changed_at }))
          .execute();
        return;
    }
  },
};
