// The local adapter: a bucket named `local` under <dataDir>/storage, served by the app itself at
// <publicUrl>/storage/local. Browsers upload to it with the same signed POST policy S3 checks,
// signed by the AWS SDK (@aws-sdk/s3-presigned-post) with a key derived from the app's secret and
// verified by sigv4-post.ts, and read it through short-lived HMAC-signed addresses.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { PresignedPost, Storage, StoredObject, UploadPolicy } from './storage.js';
import type { GetAccess, LocalBucketBackend } from './local-bucket.js';
import { assertValidObjectKey, encodeKeyForUrl, isValidObjectKey, NoSuchKeyError, objectPath } from './object-keys.js';
import { verifyPostFields, type PostCredentials } from './sigv4-post.js';

export const LOCAL_BUCKET = 'local';
export const LOCAL_ACCESS_KEY_ID = 'LOCALSTORAGE';
/** Keys under this prefix are readable without a signature (their names are unguessable). */
export const PUBLIC_KEY_PREFIX = 'public/';
const LOCAL_REGION = 'local';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export type LocalStorageOptions = {
  dataDir: string;
  publicUrl: string;
  /** The app's secret; the signing keys are derived from it, never it itself. */
  secret: string;
  /** The largest upload the endpoint reads at all, whatever a policy allows. */
  maxUploadBytes: number;
  now?: () => Date;
};

export class LocalStorage implements Storage, LocalBucketBackend {
  readonly kind = 'local' as const;
  readonly bucket = LOCAL_BUCKET;
  readonly maxUploadBytes: number;
  private readonly baseUrl: string;
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tempDir: string;
  private readonly postCredentials: PostCredentials;
  /** Signs upload forms only: it never sends a request (its endpoint is never reached). */
  private readonly signer: S3Client;
  private readonly getUrlKey: Buffer;
  private readonly now: () => Date;

  constructor(options: LocalStorageOptions) {
    if (!options.secret) throw new Error('LocalStorage needs a secret');
    const root = resolve(options.dataDir, 'storage');
    this.objectsDir = join(root, LOCAL_BUCKET);
    // Beside the bucket rather than in it, so no key can collide with them.
    this.metaDir = join(root, '.meta', LOCAL_BUCKET);
    this.tempDir = join(root, '.tmp');
    this.baseUrl = options.publicUrl.replace(/\/+$/, '');
    this.maxUploadBytes = options.maxUploadBytes;
    this.now = options.now ?? (() => new Date());
    this.postCredentials = { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: derive(options.secret, 'post-policy').toString('hex'), region: LOCAL_REGION };
    this.signer = new S3Client({
      region: LOCAL_REGION,
      endpoint: 'http://local.invalid',
      forcePathStyle: true,
      credentials: { accessKeyId: this.postCredentials.accessKeyId, secretAccessKey: this.postCredentials.secretAccessKey },
    });
    this.getUrlKey = derive(options.secret, 'get-url');
  }

  get localBucket(): LocalBucketBackend {
    return this;
  }

  async presignPost(policy: UploadPolicy): Promise<PresignedPost> {
    assertValidObjectKey(policy.key);
    const { minBytes, maxBytes, expiresInSeconds } = policy;
    if (!Number.isSafeInteger(minBytes) || !Number.isSafeInteger(maxBytes) || minBytes < 0 || minBytes > maxBytes || maxBytes > this.maxUploadBytes)
      throw new RangeError(`upload byte range [${minBytes}, ${maxBytes}] is not within [0, ${this.maxUploadBytes}]`);
    if (!(expiresInSeconds > 0)) throw new RangeError('expiresInSeconds must be positive');
    // Signed by the AWS SDK exactly as for S3 (the same policy conditions), checked here by our verifier.
    const { fields } = await createPresignedPost(this.signer, {
      Bucket: LOCAL_BUCKET,
      Key: policy.key,
      Conditions: [
        ['content-length-range', minBytes, maxBytes],
        ['eq', '$Content-Type', policy.contentType],
        ['eq', '$key', policy.key],
      ],
      Fields: { 'Content-Type': policy.contentType, success_action_status: '201' },
      Expires: expiresInSeconds,
    });
    // A path, so the browser posts to whichever host it opened the app on (127.0.0.1 as well as
    // PUBLIC_URL's localhost); no Host header is trusted to build it.
    return { url: `/storage/${LOCAL_BUCKET}`, fields };
  }

  objectUrl(key: string): string {
    return `${this.baseUrl}/storage/${LOCAL_BUCKET}/${encodeKeyForUrl(assertValidObjectKey(key))}`;
  }

  keyOf(objectUrl: string): string | null {
    const prefix = `${this.baseUrl}/storage/${LOCAL_BUCKET}/`;
    if (!objectUrl.startsWith(prefix)) return null;
    let key: string;
    try {
      key = objectUrl.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
    // Only the exact address objectUrl() gives out: no query, no other spelling.
    return isValidObjectKey(key) && this.objectUrl(key) === objectUrl ? key : null;
  }

  async head(key: string): Promise<StoredObject | null> {
    const file = await this.objectFile(key);
    return file && { size: file.size, contentType: file.contentType };
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(objectPath(this.objectsDir, key));
    } catch (err) {
      if (isMissing(err)) throw new NoSuchKeyError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = objectPath(this.objectsDir, key);
    await rm(path, { force: true });
    await rm(this.metaPath(key), { force: true });
    await pruneEmptyFolders(dirname(path), this.objectsDir);
    await pruneEmptyFolders(dirname(this.metaPath(key)), this.metaDir);
  }

  async presignGet(key: string, opts: { expiresInSeconds: number; filename: string; inline: boolean }): Promise<string> {
    const expires = String(Math.floor(this.now().getTime() / 1000) + Math.ceil(opts.expiresInSeconds));
    const disposition = opts.inline ? 'inline' : 'attachment';
    const query = new URLSearchParams({ expires, disposition, filename: opts.filename });
    query.set('signature', this.getSignature(key, expires, disposition, opts.filename));
    // A path, like the upload form's action: it opens on whichever host the app was opened on.
    return `/storage/${LOCAL_BUCKET}/${encodeKeyForUrl(assertValidObjectKey(key))}?${query}`;
  }

  /** Stores bytes the server itself holds (no browser upload), atomically like an upload. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const tempPath = await this.newTempPath();
    try {
      await writeFile(tempPath, body, { flag: 'wx' });
      await this.commitUpload(key, tempPath, contentType);
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  /**
   * The copy appears whole (renamed into place), its type first; an existing object at `toKey` is
   * replaced. A hard link where the file system allows: the bytes are never rewritten in place
   * (uploads and puts only ever add new files), so sharing them costs nothing and changes nothing.
   */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const from = await this.objectFile(fromKey);
    if (!from) throw new NoSuchKeyError(fromKey);
    const path = objectPath(this.objectsDir, toKey);
    const metaPath = this.metaPath(toKey);
    const tempPath = await this.newTempPath();
    try {
      await link(from.path, tempPath).catch(() => copyFile(from.path, tempPath));
      await mkdir(dirname(path), { recursive: true });
      await mkdir(dirname(metaPath), { recursive: true });
      await writeFile(`${tempPath}.meta`, JSON.stringify({ contentType: from.contentType }), { flag: 'wx' });
      await rename(`${tempPath}.meta`, metaPath);
      await rename(tempPath, path);
    } finally {
      await rm(tempPath, { force: true });
      await rm(`${tempPath}.meta`, { force: true });
    }
  }

  // The router's side (LocalBucketBackend).

  verifyUploadFields(fields: Record<string, string>) {
    return verifyPostFields(fields, { bucket: LOCAL_BUCKET, now: this.now(), credentials: this.postCredentials });
  }

  async newTempPath(): Promise<string> {
    await mkdir(this.tempDir, { recursive: true });
    return join(this.tempDir, randomUUID());
  }

  /**
   * Moves a complete upload into place, once: a key that holds an object is never written again
   * (ObjectExistsError), so a form posted a second time cannot replace bytes already indexed.
   */
  async commitUpload(key: string, tempPath: string, contentType: string): Promise<void> {
    const path = objectPath(this.objectsDir, key);
    const metaPath = this.metaPath(key);
    if (await this.objectFile(key)) throw new ObjectExistsError(key);
    await mkdir(dirname(path), { recursive: true });
    await mkdir(dirname(metaPath), { recursive: true });
    // The type first, then the bytes: the object exists from the moment its bytes do. link()
    // makes the bytes appear whole and fails if another upload got there first.
    const metaTemp = `${tempPath}.meta`;
    await writeFile(metaTemp, JSON.stringify({ contentType }), { flag: 'wx' });
    await rename(metaTemp, metaPath);
    try {
      await link(tempPath, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
      throw err;
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  checkGetAccess(key: string, query: Record<string, string | undefined>): GetAccess {
    const { expires, disposition, filename = '', signature } = query;
    if (signature === undefined && key.startsWith(PUBLIC_KEY_PREFIX)) return { ok: true, inline: true, filename: '' };
    if (!signature || !expires || !/^\d{1,12}$/.test(expires) || (disposition !== 'inline' && disposition !== 'attachment'))
      return { ok: false, message: 'Request is not signed.' };
    const expected = Buffer.from(this.getSignature(key, expires, disposition, filename));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, message: 'The request signature does not match.' };
    if (this.now().getTime() / 1000 >= Number(expires)) return { ok: false, message: 'Request has expired.' };
    return { ok: true, inline: disposition === 'inline', filename };
  }

  async objectFile(key: string): Promise<{ path: string; size: number; contentType: string } | null> {
    const path = objectPath(this.objectsDir, key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { path, size: info.size, contentType: await this.storedContentType(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async storedContentType(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' && meta.contentType ? meta.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  private metaPath(key: string): string {
    return `${objectPath(this.metaDir, key)}.json`;
  }

  private getSignature(key: string, expires: string, disposition: string, filename: string): string {
    return createHmac('sha256', this.getUrlKey).update(['GET', key, expires, disposition, filename].join('\n'), 'utf8').digest('hex');
  }
}

/** An upload to a key that already holds an object: keys are one-time (S3 answers 412 to a conditional write). */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`an object already exists at key ${JSON.stringify(key)}`);
    this.name = 'ObjectExistsError';
  }
}

export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  return new LocalStorage(options);
}

/** One key per use, so a signature made for one purpose is worth nothing for another. */
function derive(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`answer-engine/storage/local/${purpose}`).digest();
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Removes folders left empty by a delete, up to (not including) `root`. */
async function pruneEmptyFolders(folder: string, root: string) {
  for (let dir = folder; dir.startsWith(root + sep); dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}
