// Where file bytes live: one interface, two adapters. S3-compatible storage (presigned POST) when
// S3_* is set; otherwise a local bucket served by the app itself under /storage, which checks
// the same signed POST policy and keeps the bytes under DATA_DIR/storage.
import type { LocalBucketBackend } from './local-bucket.js';
import contentDisposition from 'content-disposition';

/** The conditions a browser's POST must meet; the policy carries them, signed. */
export type UploadPolicy = {
  key: string;
  contentType: string;
  /** Inclusive byte range of the file. */
  minBytes: number;
  maxBytes: number;
  expiresInSeconds: number;
};

/** S3's browser-upload form: POST `url` with `fields` first, then the file as `file`. */
export type PresignedPost = { url: string; fields: Record<string, string> };

export type StoredObject = { size: number; contentType: string };

export interface Storage {
  /** `s3` or `local`, for logs and the health page. */
  readonly kind: 's3' | 'local';
  presignPost(policy: UploadPolicy): Promise<PresignedPost>;
  /** The object's address: what listings show as file_s3_url. Not readable without a signature. */
  objectUrl(key: string): string;
  /** The key of an address this storage gave out, or null for any other address. */
  keyOf(objectUrl: string): string | null;
  head(key: string): Promise<StoredObject | null>;
  read(key: string): Promise<Buffer>;
  /** Stores bytes the server itself made (an export archive), not a browser upload. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Copies an object within the storage (server-side on S3), replacing whatever `toKey` held.
   * Submitted uploads are sealed this way: no upload form can name the copy's key.
   */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** A short-lived GET address; `inline` false makes the browser save it as `filename`. */
  presignGet(key: string, opts: { expiresInSeconds: number; filename: string; inline: boolean }): Promise<string>;
  /** The local bucket, whose HTTP endpoint the edge mounts at /storage; S3 has none. */
  readonly localBucket?: LocalBucketBackend;
}

/**
 * The Content-Disposition of a download, for both adapters (the local bucket sends it, S3 is told
 * to), written by the `content-disposition` package (RFC 6266: a plain `filename` for old clients
 * and the exact UTF-8 `filename*`). A lone surrogate would make it throw: replaced first.
 */
export function downloadDisposition(filename: string, inline: boolean): string {
  const name = filename.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd').trim();
  // An ASCII fallback (not Latin-1): S3 and some proxies pass other bytes on garbled.
  return contentDisposition(name || undefined, { type: inline ? 'inline' : 'attachment', fallback: name.replace(/[^\x20-\x7e]/g, '_') });
}
