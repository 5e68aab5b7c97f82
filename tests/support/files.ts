// Uploading the way the web client does: upload addresses, one multipart POST per file to the
// bucket (the form's fields, then the file), then indexing over `/rest/sse/index_files`.
import { expect } from 'vitest';
import type { Browser } from './http.js';
import { collect, type SseEvent } from './sse.js';

export type Repo = { file_repository_type: 'USER' | 'ORG' | 'COLLECTION'; owner_id?: string | null };
export type LocalFile = { filename: string; bytes: Uint8Array; content_type?: string };
export const MY_FILES: Repo = { file_repository_type: 'USER' };

export const uploadUrls = (b: Browser, repo: Repo, files: LocalFile[]) =>
  b.post('/rest/file-repository/get-file-upload-urls', {
    file_repository_info: repo,
    file_upload_params: files.map((f) => ({ filename: f.filename, content_type: f.content_type ?? '', file_size: f.bytes.byteLength })),
  });

/** POSTs the file to its presigned form, as a browser on `base` would (the local bucket's action is a path); the bucket's response. */
export function postToBucket(base: string, params: { s3_bucket_url: string; fields: Record<string, string> }, file: LocalFile, bytes = file.bytes) {
  const form = new FormData();
  for (const [k, v] of Object.entries(params.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: file.content_type ?? 'application/octet-stream' }), file.filename);
  return fetch(new URL(params.s3_bucket_url, base), { method: 'POST', body: form });
}

export const indexStream = (b: Browser, repo: Repo, items: Record<string, unknown>[]) =>
  fetch(new URL('/rest/sse/index_files', b.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: b.cookieHeader() },
    body: JSON.stringify({ file_repository_info: repo, file_index_params: items }),
  });

/** Uploads and indexes files, expecting every storage POST to succeed; the files' uuids and the progress events. */
export async function uploadAndIndex(b: Browser, repo: Repo, files: LocalFile[]): Promise<{ uuids: string[]; events: SseEvent[] }> {
  const urls = await uploadUrls(b, repo, files);
  expect(urls.status, urls.text).toBe(200);
  const params = urls.json.file_url_params as {
    s3_bucket_url: string;
    fields: Record<string, string>;
    s3_object_url: string;
    file_uuid: string;
    replaces_existing: boolean;
  }[];
  expect(params).toHaveLength(files.length);
  for (const [i, p] of params.entries()) {
    const stored = await postToBucket(b.baseUrl, p, files[i]);
    expect(stored.status, await stored.clone().text()).toBeLessThan(300);
  }
  const res = await indexStream(
    b,
    repo,
    params.map((p, i) => ({
      file_s3_url: p.s3_object_url,
      file_size: files[i].bytes.byteLength,
      filename: files[i].filename,
      file_uuid: p.file_uuid,
      replace_existing: p.replaces_existing,
    })),
  );
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  return { uuids: params.map((p) => p.file_uuid), events: await collect(res) };
}

export const listFiles = (b: Browser, repo: Repo, extra: Record<string, unknown> = {}) =>
  b.post('/rest/file-repository/list-files', { file_repository_info: repo, ...extra });
export const summaryOf = (b: Browser, repo: Repo) => b.post('/rest/file-repository/summary', { file_repository_info: repo });
export const deleteFiles = (b: Browser, repo: Repo, file_uuids: string[]) =>
  b.post('/rest/file-repository/delete-files', { file_repository_info: repo, file_uuids });
