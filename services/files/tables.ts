// The tables files owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface FilesTable {
  file_uuid: string;
  repo_type: 'USER' | 'ORG' | 'COLLECTION';
  repo_owner: string;
  filename: string;
  file_title: string;
  file_description: Generated<string>;
  content_type: string;
  file_type: string;
  is_attachment: boolean;
  /** bigint: pg returns it as a string. */
  file_size: ColumnType<string, number, number>;
  object_key: string;
  uploaded_by_user_id: string;
  uploader_email: string;
  /** A synced file's connector and where it is at its source (migration 0040); null for an upload. */
  connection_type: ColumnType<string | null, string | null | undefined, string | null>;
  connection_file_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who may read a synced file at its source, as the passage index's principal keys; null: every reader of the repository. */
  readers: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** A synced file's connection (migration 0049); null for an upload. */
  connection_uuid: ColumnType<string | null, string | null | undefined, string | null>;
  file_state: 'COMPLETE' | 'PROCESSING' | 'FAILED';
  error: string | null;
  version: number;
  page_count: number | null;
  passage_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FileUploadsTable {
  object_key: string;
  file_uuid: string;
  repo_type: 'USER' | 'ORG' | 'COLLECTION';
  repo_owner: string;
  uploaded_by_user_id: string;
  counts_as_new: boolean;
  expires_at: Timestamp;
}

export interface ImageUploadsTable {
  object_key: string;
  user_id: string;
  started_at: Timestamp;
  removable_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface OrgFileSettingsTable {
  org_uuid: string;
  downloads_disabled: boolean;
  updated_at: Timestamp;
}

/** A connection disconnected or deleted (migration 0049): its files are withheld while its removal deletes them. */
export interface FileWithheldConnectionsTable {
  connection_uuid: string;
}

export interface FilesTables {
  files: FilesTable;
  file_withheld_connections: FileWithheldConnectionsTable;
  file_uploads: FileUploadsTable;
  image_uploads: ImageUploadsTable;
  org_file_settings: OrgFileSettingsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<FilesTables>();
