// The rules of a file's life, pure: the clock, ids and what was read are passed in.
import { fileErrors } from './errors.js';
import type {
  FileDeleted,
  FileIndexed,
  FileIndexFailed,
  FileReadersChanged,
  FileState,
  FileSubmitted,
  FileUploadExpired,
  FileUploadStarted,
  Repository,
} from './events.js';

const sameRepository = (a: Repository, b: Repository) => a.type === b.type && a.owner_id === b.owner_id;

export type Submission = Omit<FileSubmitted['data'], 'version' | 'reason' | 'submitted_at'>;

/**
 * A new file, or a new upload over an existing one (`replace_existing`), which goes back to
 * PROCESSING. A deleted file's uuid is not reused.
 */
export function decideSubmit(state: FileState, submission: Submission, replaceExisting: boolean, now: Date): FileSubmitted[] {
  const { current } = state;
  if (state.deleted) throw fileErrors.fileDeleted();
  if (current && !sameRepository(current.repository, submission.repository)) throw fileErrors.fileNotFound();
  if (state.uploads[submission.upload_key ?? submission.object_key] === 'expired') throw fileErrors.uploadExpired(submission.filename);
  if (current && !replaceExisting) throw fileErrors.fileExists(current.filename);
  const version = current ? current.version + 1 : 1;
  return [{ type: 'FileSubmitted', data: { ...submission, version, reason: current ? 'replace' : 'upload', submitted_at: now.toISOString() } }];
}

/** The same bytes indexed again (a retry of a failed file, or after a parser upgrade). Images and files still processing are left alone. */
export function decideResync(state: FileState, now: Date): FileSubmitted[] {
  const { current } = state;
  if (!current || state.deleted || current.is_attachment || state.status === 'PROCESSING') return [];
  return [{ type: 'FileSubmitted', data: { ...current, version: current.version + 1, reason: 'resync', submitted_at: now.toISOString() } }];
}

export type IndexOutcome =
  | { ok: true; title: string | null; description: string; page_count: number | null; passage_count: number }
  | { ok: false; error: string };

/** Indexing's result, for the version it indexed; a result for an older version, or a deleted file, is dropped. */
export function decideIndexResult(state: FileState, version: number, outcome: IndexOutcome, now: Date): (FileIndexed | FileIndexFailed)[] {
  const { current } = state;
  if (!current || state.deleted || current.version !== version || state.status !== 'PROCESSING') return [];
  const at = now.toISOString();
  if (!outcome.ok) return [{ type: 'FileIndexFailed', data: { file_uuid: current.file_uuid, version, error: outcome.error, failed_at: at } }];
  const { title, description, page_count, passage_count } = outcome;
  return [{ type: 'FileIndexed', data: { file_uuid: current.file_uuid, version, title, description, page_count, passage_count, indexed_at: at } }];
}

/** The same readers, whatever their order or repeats; null (everyone of the repository) equals only null. */
export const sameReaders = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) => {
  if (!a || !b) return !a && !b;
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((r) => right.has(r));
};

/**
 * A synced file's readers changed at its source (its content did not): recorded on its current
 * version, each reader once. Refused for a file that is gone or was uploaded (its readers are its
 * repository's); nothing when the readers are the same ones.
 */
export function decideReadersChange(state: FileState, readers: readonly string[] | null, now: Date): FileReadersChanged[] {
  const { current } = state;
  if (state.deleted) throw fileErrors.fileDeleted();
  if (!current) throw fileErrors.fileNotFound();
  if (!current.source) throw fileErrors.notSyncedFile();
  if (sameReaders(current.readers, readers)) return [];
  return [
    {
      type: 'FileReadersChanged',
      data: {
        file_uuid: current.file_uuid,
        version: current.version,
        repository: current.repository,
        readers: readers ? [...new Set(readers)] : null,
        changed_at: now.toISOString(),
      },
    },
  ];
}

export function decideDelete(state: FileState, repository: Repository, by: string, now: Date): FileDeleted[] {
  const { current } = state;
  if (!current || state.deleted || !sameRepository(current.repository, repository)) throw fileErrors.fileNotFound();
  return [
    { type: 'FileDeleted', data: { file_uuid: current.file_uuid, repository, object_key: current.object_key, deleted_by: by, deleted_at: now.toISOString() } },
  ];
}

export type UploadStart = Omit<FileUploadStarted['data'], 'started_at' | 'expires_at'> & { now: Date; ttlSeconds: number };

/** An upload form handed out: pending until submitted, or until it expires after the TTL. */
export function decideUploadStart(state: FileState, cmd: UploadStart): FileUploadStarted[] {
  const { now, ttlSeconds, ...data } = cmd;
  if (state.deleted) throw fileErrors.fileDeleted();
  if (state.current && !sameRepository(state.current.repository, cmd.repository)) throw fileErrors.fileNotFound();
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  return [{ type: 'FileUploadStarted', data: { ...data, started_at: now.toISOString(), expires_at: expires.toISOString() } }];
}

/** A pending upload past its TTL expires, once; one submitted (or unknown) is left alone. */
export function decideUploadExpiry(state: FileState, upload: { file_uuid: string; object_key: string }, now: Date): FileUploadExpired[] {
  if (state.uploads[upload.object_key] !== 'pending') return [];
  return [{ type: 'FileUploadExpired', data: { file_uuid: upload.file_uuid, object_key: upload.object_key, expired_at: now.toISOString() } }];
}
