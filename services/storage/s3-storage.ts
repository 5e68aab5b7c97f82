// The S3 adapter: any S3-compatible bucket. Browsers upload straight to it with a presigned POST
// whose policy binds the exact key, the exact type and the byte range; reads go through
// short-lived presigned GET addresses.
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { downloadDisposition, type PresignedPost, type Storage, type StoredObject, type UploadPolicy } from './storage.js';
import { assertValidObjectKey, encodeKeyForUrl, isValidObjectKey, NoSuchKeyError } from './object-keys.js';

export type S3StorageConfig = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  /** `<endpoint>/<bucket>/` or `<scheme>//<bucket>.<host>/`: every object URL starts with it. */
  private readonly objectUrlPrefix: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible servers reject the rest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const endpoint = new URL(config.endpoint);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.objectUrlPrefix = config.forcePathStyle
      ? `${endpoint.origin}${path}/${config.bucket}/`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${path}/`;
  }

  /**
   * Every upload gets a fresh key (a new upload id per form), so a form can only ever write its own
   * key. The policy binds that key, the type, the size range and a deadline; S3 offers no POST
   * policy condition that refuses an existing key (conditional writes, If-None-Match, are for PUT
   * and multipart uploads only), so until the deadline a replayed form could write the same key
   * again. The deadline is short (the upload use case's policy lifetime) and the local bucket
   * refuses any second write outright.
   */
  async presignPost(policy: UploadPolicy): Promise<PresignedPost> {
    const key = assertValidObjectKey(policy.key);
    if (!Number.isSafeInteger(policy.minBytes) || !Number.isSafeInteger(policy.maxBytes) || policy.minBytes < 0 || policy.minBytes > policy.maxBytes)
      throw new RangeError(`upload byte range [${policy.minBytes}, ${policy.maxBytes}] is not a range of whole bytes`);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [
        ['content-length-range', policy.minBytes, policy.maxBytes],
        ['eq', '$Content-Type', policy.contentType],
        ['eq', '$key', key],
      ],
      Fields: { 'Content-Type': policy.contentType, success_action_status: '201' },
      Expires: policy.expiresInSeconds,
    });
    return { url, fields };
  }

  objectUrl(key: string): string {
    return this.objectUrlPrefix + encodeKeyForUrl(assertValidObjectKey(key));
  }

  keyOf(objectUrl: string): string | null {
    if (!objectUrl.startsWith(this.objectUrlPrefix)) return null;
    let key: string;
    try {
      key = objectUrl.slice(this.objectUrlPrefix.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
    return isValidObjectKey(key) && this.objectUrl(key) === objectUrl ? key : null;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertValidObjectKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType || DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertValidObjectKey(key) }));
      if (!object.Body) throw new NoSuchKeyError(key);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) throw new NoSuchKeyError(key);
      throw err;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: assertValidObjectKey(key), Body: body, ContentType: contentType }));
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    // CopySource is "<bucket>/<key>" with the key URL-encoded, as in an object's address.
    const source = `${this.bucket}/${encodeKeyForUrl(assertValidObjectKey(fromKey))}`;
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: assertValidObjectKey(toKey), CopySource: source, MetadataDirective: 'COPY' }));
    } catch (err) {
      if (isNotFound(err)) throw new NoSuchKeyError(fromKey);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertValidObjectKey(key) }));
  }

  async presignGet(key: string, opts: { expiresInSeconds: number; filename: string; inline: boolean }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertValidObjectKey(key),
      ResponseContentDisposition: downloadDisposition(opts.filename, opts.inline),
    });
    return getSignedUrl(this.client, command, { expiresIn: Math.ceil(opts.expiresInSeconds) });
  }
}

export function createS3Storage(config: S3StorageConfig): S3Storage {
  return new S3Storage(config);
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
