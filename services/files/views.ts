// Read-model rows as the API's RepositoryFile and SpaceFile.
import type { FileRow } from './queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export function repositoryFile(row: FileRow, objectUrl: (key: string) => string) {
  return {
    file_uuid: row.file_uuid,
    filename: row.filename,
    file_s3_url: objectUrl(row.object_key),
    file_title: row.file_title,
    file_description: row.file_description,
    uploaded_by: row.uploader_email,
    file_state: row.file_state,
    file_size: Number(row.file_size),
    content_type: row.content_type,
    file_type: row.file_type,
    is_attachment: row.is_attachment,
    page_count: row.page_count,
    time_created: iso(row.created_at),
    updated_at: iso(row.updated_at),
    error: row.file_state === 'FAILED' ? row.error : null,
    file_repository_info: { file_repository_type: row.repo_type, owner_id: row.repo_owner },
  };
}

const SPACE_STATUS = { COMPLETE: 'READY', PROCESSING: 'SYNCING', FAILED: 'SYNC_ERROR' } as const;

export function spaceFile(row: FileRow, objectUrl: (key: string) => string) {
  return {
    file_uuid: row.file_uuid,
    name: row.filename,
    file_s3_url: objectUrl(row.object_key),
    connection_type: row.connection_type ?? 'local',
    connection_file_url: row.connection_file_url ?? null,
    status: SPACE_STATUS[row.file_state],
  };
}
