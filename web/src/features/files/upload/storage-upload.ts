// Sends one file to storage with the presigned POST the server gave (S3's browser-upload form).
// Seed 001 §7: one attempt; a failure raises an error carrying the HTTP status.
import type { FileUrlParams } from '../../../../../generated/react-query/model';

export class StorageUploadError extends Error {
  constructor(
    readonly status: number,
    readonly filename: string,
  ) {
    super(`Storage answered ${status} for ${filename}`);
    this.name = 'StorageUploadError';
  }
}

export async function uploadToStorage(params: Pick<FileUrlParams, 's3_bucket_url' | 'fields'>, file: File, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  // The policy's fields come first: S3 ignores any field after the file.
  for (const [name, value] of Object.entries(params.fields)) form.append(name, value);
  form.append('file', file, file.name);
  // Cross-origin storage must not receive the app's cookies.
  const response = await fetch(params.s3_bucket_url, { method: 'POST', body: form, credentials: 'omit', signal });
  if (!response.ok) throw new StorageUploadError(response.status, file.name);
}
