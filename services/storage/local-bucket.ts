// The local bucket's side of its HTTP endpoint (services/http/local-bucket-router.ts): what the
// endpoint needs from the local adapter, so storage never imports the edge.
import type { AcceptedPostForm, PostFormFailure } from './sigv4-post.js';

/** What the router needs from the local adapter. */
export interface LocalBucketBackend {
  readonly bucket: string;
  /** The largest file the endpoint reads at all, whatever a policy says. */
  readonly maxUploadBytes: number;
  verifyUploadFields(fields: Record<string, string>): AcceptedPostForm | PostFormFailure;
  /** A fresh path for an upload in progress, on the same file system as the bucket. */
  newTempPath(): Promise<string>;
  /** Moves a complete upload into place as `key`; throws an error named ObjectExistsError when the key holds an object. */
  commitUpload(key: string, tempPath: string, contentType: string): Promise<void>;
  objectUrl(key: string): string;
  checkGetAccess(key: string, query: Record<string, string | undefined>): GetAccess;
  objectFile(key: string): Promise<{ path: string; size: number; contentType: string } | null>;
}

/** Whether a GET may read the object, and how the answer presents it. */
export type GetAccess = { ok: true; inline: boolean; filename: string } | { ok: false; message: string };
