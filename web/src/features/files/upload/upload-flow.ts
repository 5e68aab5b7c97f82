// The upload loop of seed 001 §4, free of React: batches of 10; upload addresses (5 s timeout, one
// retry); optimistic PROCESSING rows; each file POSTed to storage once; then indexing over SSE,
// whose success or failure settles each file. A limit the server reports stops the loop after
// its batch. A failure to get addresses ends the upload with an error, so the caller can put the
// cached lists back.
import { getFileUploadUrls } from '../../../../../generated/react-query/files/files';
import type { FileIndexRequestFileIndexParamsItem, FileUploadUrlsResponse, FileUrlParams, RepositoryFile } from '../../../../../generated/react-query/model';
import { contentTypeOf, extensionOf, fileTypeOf, isAttachmentType, LIMIT_MESSAGES } from '../../../../../services/files/pure';
import { ApiError } from '../../../platform/api-fetch';
import { problemMessage } from '../../../platform/problem';
import type { RepositoryRef } from '../file-keys';
import { streamIndexFiles } from './index-stream';
import { StorageUploadError, uploadToStorage } from './storage-upload';
import { inBatches, UPLOAD_URLS_RETRIES, UPLOAD_URLS_TIMEOUT_MS } from './upload-rules';
import { UPLOAD_TEXT } from './upload-texts';
import type { UploadProgress } from './upload-progress';

export type UploadItem = { id: string; file: File };

export type FileUploadState =
  | { status: 'waiting' | 'uploading' | 'indexing' | 'done' }
  | { status: 'failed'; message: string }
  /** Not sent: a limit was reached first. */
  | { status: 'not-uploaded'; message: string };

export type UploadEffects = {
  fileState: (item: UploadItem, state: FileUploadState) => void;
  /** The batch's rows, PROCESSING, before its bytes go to storage. */
  optimistic: (rows: RepositoryFile[]) => void;
  /** A toast: the seeds' title, with a detail naming the file or the reason. */
  error: (title: string, detail?: string) => void;
  /** The server's limit messages (seed 001 §8, already filled in). */
  limit: (messages: string[]) => void;
};

export type UploadOutcome = { indexed: number; failed: number; notUploaded: number; limitReached: boolean };

export class UploadUrlsError extends Error {
  constructor(readonly cause: unknown) {
    super(UPLOAD_TEXT.urlsFailed);
    this.name = 'UploadUrlsError';
  }
}

const repositoryInfo = (repo: RepositoryRef) => ({ file_repository_type: repo.file_repository_type, owner_id: repo.owner_id ?? null });
const contentTypeFor = (file: File) => file.type || (fileTypeOf(file.name) ? contentTypeOf(fileTypeOf(file.name)!) : '');
// 4xx answers (not allowed, unsupported type, too large) will not change on a second try.
const worthRetrying = (e: unknown) => !(e instanceof ApiError && e.status >= 400 && e.status < 500);

/** Upload addresses for one batch: 5000 ms each attempt, one more attempt after a failure. */
export async function requestUploadUrls(repo: RepositoryRef, files: File[]): Promise<FileUploadUrlsResponse> {
  const body = {
    file_repository_info: repositoryInfo(repo),
    file_upload_params: files.map((f) => ({ filename: f.name, content_type: contentTypeFor(f), file_size: f.size })),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      // apiFetch throws on any error status, so what resolves is the 200 answer.
      const res = await getFileUploadUrls(body, { signal: AbortSignal.timeout(UPLOAD_URLS_TIMEOUT_MS) });
      return res.data as FileUploadUrlsResponse;
    } catch (e) {
      if (attempt >= UPLOAD_URLS_RETRIES || !worthRetrying(e)) throw e;
    }
  }
}

export function optimisticRow(repo: RepositoryRef, file: File, params: FileUrlParams, uploadedBy: string, now = new Date().toISOString()): RepositoryFile {
  const type = fileTypeOf(file.name);
  return {
    file_uuid: params.file_uuid,
    filename: file.name,
    file_s3_url: params.s3_object_url,
    file_title: file.name,
    file_description: '',
    uploaded_by: uploadedBy,
    file_state: 'PROCESSING',
    file_size: file.size,
    content_type: contentTypeFor(file),
    file_type: extensionOf(file.name),
    is_attachment: type ? isAttachmentType(type) : false,
    page_count: null,
    time_created: now,
    updated_at: now,
    error: null,
    file_repository_info: { file_repository_type: repo.file_repository_type, owner_id: repo.owner_id ?? '' },
  };
}

type Sent = { item: UploadItem; params: FileUrlParams };

/** `progress` has counted the items in already (`start`), so the toast can show before the first call. */
export async function uploadInBatches(
  repo: RepositoryRef,
  items: UploadItem[],
  opts: { effects: UploadEffects; progress: UploadProgress; uploadedBy: string },
): Promise<UploadOutcome> {
  const { effects, progress } = opts;
  const outcome: UploadOutcome = { indexed: 0, failed: 0, notUploaded: 0, limitReached: false };
  const settle = (item: UploadItem, state: FileUploadState) => {
    effects.fileState(item, state);
    if (state.status === 'done') outcome.indexed++;
    else outcome.failed++;
    progress.settle(state.status === 'done');
  };
  const leaveOut = (left: UploadItem[], message: string) => {
    for (const item of left) effects.fileState(item, { status: 'not-uploaded', message });
    outcome.notUploaded += left.length;
    progress.cancel(left.length);
  };

  for (const item of items) effects.fileState(item, { status: 'waiting' });
  const batches = inBatches(items);
  for (let b = 0; b < batches.length; b++) {
    const batch = batches[b]!;
    let answer: FileUploadUrlsResponse;
    try {
      answer = await requestUploadUrls(
        repo,
        batch.map((i) => i.file),
      );
    } catch (e) {
      const reason = problemMessage(e, UPLOAD_TEXT.urlsFailed);
      effects.error(UPLOAD_TEXT.urlsFailed, reason);
      const message = reason === UPLOAD_TEXT.urlsFailed ? reason : `${UPLOAD_TEXT.urlsFailed}: ${reason}`;
      for (const item of batches.slice(b).flat()) settle(item, { status: 'failed', message });
      throw new UploadUrlsError(e);
    }

    // One address per file that fits, in request order; the rest met the limit.
    const sent: Sent[] = answer.file_url_params.slice(0, batch.length).map((params, i) => ({ item: batch[i]!, params }));
    const limits = answer.limits_reached.map((l) => l.message);
    if (limits.length) {
      effects.limit(limits);
      leaveOut(batch.slice(sent.length), limits[0]!);
    }
    if (sent.length) {
      effects.optimistic(sent.map((s) => optimisticRow(repo, s.item.file, s.params, opts.uploadedBy)));
      const stored = await storeAll(sent, effects, settle);
      const indexLimit = stored.length ? await indexAll(repo, stored, effects, settle, progress) : null;
      if (indexLimit) limits.push(indexLimit);
    }
    if (limits.length) {
      outcome.limitReached = true;
      leaveOut(batches.slice(b + 1).flat(), limits[0]!);
      break;
    }
  }
  return outcome;
}

/** Each file once to storage, side by side; a failure settles that file as an error. */
async function storeAll(sent: Sent[], effects: UploadEffects, settle: (item: UploadItem, s: FileUploadState) => void): Promise<Sent[]> {
  const results = await Promise.all(
    sent.map(async (s) => {
      effects.fileState(s.item, { status: 'uploading' });
      try {
        await uploadToStorage(s.params, s.item.file);
        return s;
      } catch (e) {
        // The refusal names its reason, in the toast and beside the file.
        const reason = e instanceof StorageUploadError ? e.reason : null;
        effects.error(UPLOAD_TEXT.uploadFailed, reason ? `${s.item.file.name}: ${reason}` : s.item.file.name);
        settle(s.item, { status: 'failed', message: reason ? `${UPLOAD_TEXT.uploadFailed}: ${reason}` : UPLOAD_TEXT.uploadFailed });
        return null;
      }
    }),
  );
  return results.filter((s): s is Sent => s !== null);
}

const isLimitProblem = (e: unknown) => e instanceof ApiError && e.code in LIMIT_MESSAGES;

/** Indexes the stored files and settles each; returns the limit's message when the server refused for one. */
async function indexAll(
  repo: RepositoryRef,
  stored: Sent[],
  effects: UploadEffects,
  settle: (item: UploadItem, s: FileUploadState) => void,
  progress: UploadProgress,
): Promise<string | null> {
  const open = new Map(stored.map((s) => [s.params.file_uuid, s.item]));
  for (const item of open.values()) effects.fileState(item, { status: 'indexing' });
  const params: FileIndexRequestFileIndexParamsItem[] = stored.map((s) => ({
    file_s3_url: s.params.s3_object_url,
    file_size: s.item.file.size,
    filename: s.item.file.name,
    file_uuid: s.params.file_uuid,
    replace_existing: s.params.replaces_existing,
  }));
  try {
    const events = await streamIndexFiles({ file_repository_info: repositoryInfo(repo), file_index_params: params });
    for await (const event of events) {
      const item = open.get(event.file_uuid);
      if (!item || event.status === 'processing') continue;
      open.delete(event.file_uuid);
      if (event.status === 'success') settle(item, { status: 'done' });
      else {
        effects.error(UPLOAD_TEXT.indexingFailed, event.detail ? `${item.file.name}: ${event.detail}` : item.file.name);
        settle(item, { status: 'failed', message: event.detail ? `${UPLOAD_TEXT.indexingFailed}: ${event.detail}` : UPLOAD_TEXT.indexingFailed });
      }
    }
  } catch (e) {
    const message = problemMessage(e, UPLOAD_TEXT.indexingFailed);
    // A limit met at indexing (422) stops the loop like one met at the upload addresses.
    if (isLimitProblem(e)) effects.limit([message]);
    else effects.error(UPLOAD_TEXT.indexingFailed, message);
    for (const item of open.values()) settle(item, { status: 'failed', message });
    return isLimitProblem(e) ? message : null;
  }
  // The stream ended before these finished: they index on in the background; the lists show how they end.
  progress.cancel(open.size);
  return null;
}
