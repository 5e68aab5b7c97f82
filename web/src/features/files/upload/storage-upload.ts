// Sends one file to storage with the presigned POST the server gave (S3's browser-upload form).
// Seed 001 §7: one attempt; a failure raises an error carrying the HTTP status and the reason
// storage gave (S3 and the local bucket answer an XML <Error> with a <Message>).
import type { FileUrlParams } from '../../../../../generated/react-query/model';

/** Said when the POST never got an answer: a network failure, or storage refusing this site (CORS). */
export const STORAGE_UNREACHABLE = 'the file storage could not be reached';

export class StorageUploadError extends Error {
  constructor(
    readonly status: number | null,
    readonly filename: string,
    /** Why, in storage's words, or STORAGE_UNREACHABLE. */
    readonly reason: string,
  ) {
    super(`Storage refused ${filename}: ${reason}`);
    this.name = 'StorageUploadError';
  }
}

/** The <Message> of an S3-style XML error, else the status. */
export function storageReason(status: number, body: string): string {
  const xml = new DOMParser().parseFromString(body, 'application/xml');
  const message = xml.querySelector('Error > Message')?.textContent?.trim();
  return message || `storage answered ${status}`;
}

export async function uploadToStorage(params: Pick<FileUrlParams, 's3_bucket_url' | 'fields'>, file: File, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  // The policy's fields come first: S3 ignores any field after the file.
  for (const [name, value] of Object.entries(params.fields)) form.append(name, value);
  form.append('file', file, file.name);
  // The local bucket's action is a path on this host; S3's an address of its own.
  const url = new URL(params.s3_bucket_url, location.href);
  let response: Response;
  try {
    // Cross-origin storage must not receive the app's cookies.
    response = await fetch(url, { method: 'POST', body: form, credentials: 'omit', signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new StorageUploadError(null, file.name, STORAGE_UNREACHABLE);
  }
  if (!response.ok) throw new StorageUploadError(response.status, file.name, storageReason(response.status, await response.text().catch(() => '')));
}
