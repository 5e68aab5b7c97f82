// A file as events, one stream per file (`file-<uuid>`). Each submission (upload or replace or
// resync) is a new version; indexing reports on that version only, so a stale result is dropped.
// An organisation's file settings are their own stream (`org-files-<org uuid>`).
import type { StoredEvent } from '../eventstore/types.js';

export type RepositoryType = 'USER' | 'ORG' | 'COLLECTION';
export type Repository = { type: RepositoryType; owner_id: string };

export type FileSubmitted = {
  type: 'FileSubmitted';
  data: {
    file_uuid: string;
    version: number;
    repository: Repository;
    filename: string;
    content_type: string;
    file_type: string;
    is_attachment: boolean;
    file_size: number;
    /** Where the bytes are read from: the upload's sealed copy (stored-object.ts), or the upload's own key before sealing. */
    object_key: string;
    /** The upload form's key, when the bytes were sealed away from it. */
    upload_key?: string;
    uploaded_by: string;
    uploader_email: string;
    /** Where a connector's file comes from at its source (absent for an upload). */
    source?: FileSource;
    /** Who may read it at its source, as the passage index's principal keys; absent or null: everyone who may read the repository. */
    readers?: string[] | null;
    /** upload, replace (a new upload over an existing file) or resync (the same bytes again). */
    reason: 'upload' | 'replace' | 'resync';
    submitted_at: string;
  };
};
/** A synced file's connection and where it is at its source (the seed's connection_type and connection_file_url). */
export type FileSource = { connection_uuid: string; connection_type: string; remote_id: string; url: string | null };

export type FileIndexed = {
  type: 'FileIndexed';
  data: { file_uuid: string; version: number; title: string | null; description: string; page_count: number | null; passage_count: number; indexed_at: string };
};
export type FileIndexFailed = { type: 'FileIndexFailed'; data: { file_uuid: string; version: number; error: string; failed_at: string } };
export type FileDeleted = {
  type: 'FileDeleted';
  data: { file_uuid: string; repository: Repository; object_key: string; deleted_by: string; deleted_at: string };
};

/**
 * An upload form was handed out for the file: until it is submitted or expires, it counts toward
 * the plan's limits (`counts_as_new`: it would add a file, not replace one), and after
 * `expires_at` its bytes, if any came, are removed (workflows/expire-upload.ts).
 */
export type FileUploadStarted = {
  type: 'FileUploadStarted';
  data: {
    file_uuid: string;
    repository: Repository;
    object_key: string;
    filename: string;
    uploaded_by: string;
    counts_as_new: boolean;
    started_at: string;
    expires_at: string;
  };
};
/** A pending upload never submitted: it no longer counts, and its object is removed from storage. */
export type FileUploadExpired = { type: 'FileUploadExpired'; data: { file_uuid: string; object_key: string; expired_at: string } };

/**
 * The passages indexing cut from one version, in parts (a large file is several events of
 * reasonable size), appended just before its FileIndexed; part 0 replaces the file's earlier
 * passages. The passages projection reads them (passage-feed.ts); the file's state does not.
 */
export type FilePassagesRecorded = {
  type: 'FilePassagesRecorded';
  data: {
    file_uuid: string;
    version: number;
    part: number;
    title: string;
    file_type: string;
    repository: Repository;
    /** A synced file's readers and source, as its version was submitted. */
    readers?: string[] | null;
    /** `connection_uuid`: recorded since migration 0049 (its passages' origin, withheld with the connection). */
    source?: { connection_type: string; url: string | null; connection_uuid?: string };
    passages: { ordinal: number; heading: string; content: string; page: number | null }[];
  };
};

/**
 * A synced file's sharing changed at its source while its content did not: who may read it now,
 * as the passage index's principal keys (null: everyone who may read the repository). The file is
 * not fetched or indexed again; its passages (of `version`, and of any version indexed later)
 * carry the new readers. `repository` names the passages' corpus, so the passage feed needs
 * nothing but the event.
 */
export type FileReadersChanged = {
  type: 'FileReadersChanged';
  data: { file_uuid: string; version: number; repository: Repository; readers: string[] | null; changed_at: string };
};

export type FileEvent =
  | FileUploadStarted
  | FileUploadExpired
  | FileSubmitted
  | FilePassagesRecorded
  | FileIndexed
  | FileIndexFailed
  | FileReadersChanged
  | FileDeleted;
export const FILE_EVENT_TYPES = [
  'FileUploadStarted',
  'FileUploadExpired',
  'FileSubmitted',
  'FilePassagesRecorded',
  'FileIndexed',
  'FileIndexFailed',
  'FileReadersChanged',
  'FileDeleted',
] as const;

export type OrgFileSettingsChanged = {
  type: 'OrgFileSettingsChanged';
  data: { org_uuid: string; downloads_disabled: boolean; changed_by: string; changed_at: string };
};

export const fileStream = (fileUuid: string) => `file-${fileUuid}`;
export const orgFilesStream = (orgUuid: string) => `org-files-${orgUuid}`;

export type FileStatus = 'PROCESSING' | 'COMPLETE' | 'FAILED';
export type UploadStatus = 'pending' | 'submitted' | 'expired';
export type FileState = {
  current: FileSubmitted['data'] | null;
  status: FileStatus | null;
  deleted: boolean;
  /** Each upload form's object key and what became of it. */
  uploads: Record<string, UploadStatus>;
};
export const NO_FILE: FileState = { current: null, status: null, deleted: false, uploads: {} };

export function evolveFile(state: FileState, event: StoredEvent): FileState {
  const e = { type: event.type, data: event.data } as FileEvent;
  switch (e.type) {
    case 'FileUploadStarted':
      return { ...state, uploads: { ...state.uploads, [e.data.object_key]: 'pending' } };
    case 'FileUploadExpired':
      return { ...state, uploads: { ...state.uploads, [e.data.object_key]: 'expired' } };
    case 'FileSubmitted':
      return { ...state, current: e.data, status: 'PROCESSING', uploads: { ...state.uploads, [e.data.upload_key ?? e.data.object_key]: 'submitted' } };
    case 'FileIndexed':
      return { ...state, status: 'COMPLETE' };
    case 'FileIndexFailed':
      return { ...state, status: 'FAILED' };
    case 'FileReadersChanged':
      // Kept on the current version: a version still being indexed records its passages with these readers.
      return state.current ? { ...state, current: { ...state.current, readers: e.data.readers } } : state;
    case 'FileDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}
