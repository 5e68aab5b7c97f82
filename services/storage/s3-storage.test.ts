// The S3 adapter against s3rver, a fake S3 on 127.0.0.1. s3rver stores POST uploads but does not
// check their policy, so the policy the AWS SDK signed is checked here with sigv4-post.ts's
// verifier, which also shows the two implementations agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../tests/fakes/s3-server.js';
import { NoSuchKeyError, InvalidObjectKeyError } from './object-keys.js';
import { S3Storage } from './s3-storage.js';
import { verifyPostForm } from './sigv4-post.js';
import type { UploadPolicy } from './storage.js';

const BUCKET = 'answer-files';
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let storage: S3Storage;

beforeAll(async () => {
  fake = await startFakeS3(BUCKET);
  storage = new S3Storage({
    endpoint: fake.endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    forcePathStyle: true,
  });
});

afterAll(async () => {
  storage?.client.destroy();
  await fake?.close();
});

const policy: UploadPolicy = { key: 'files/u1/6f1c2b9e/report.pdf', contentType: 'application/pdf', minBytes: 1, maxBytes: 1024, expiresInSeconds: 300 };

function decodePolicy(fields: Record<string, string>) {
  return JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
}

describe('S3 storage: presigned POST', () => {
  it('binds the exact key, the exact type and the byte range in a signed policy', async () => {
    const post = await storage.presignPost(policy);
    expect(post.url).toBe(`${fake.endpoint}/${BUCKET}`);
    expect(post.fields).toMatchObject({
      key: policy.key,
      'Content-Type': 'application/pdf',
      success_action_status: '201',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    const doc = decodePolicy(post.fields);
    expect(doc.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 1024],
        ['eq', '$Content-Type', 'application/pdf'],
        ['eq', '$key', policy.key],
        { bucket: BUCKET },
        { key: policy.key },
      ]),
    );
    const expiresIn = Date.parse(doc.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
  });

  it("signs a policy that S3's rules (as sigv4-post.ts checks them) accept, and only as signed", async () => {
    const { fields } = await storage.presignPost(policy);
    const opts = {
      bucket: BUCKET,
      now: new Date(),
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey, region: 'us-east-1' },
    };
    expect(verifyPostForm(fields, 100, opts)).toMatchObject({ ok: true, key: policy.key, contentType: 'application/pdf', lengthRange: { min: 1, max: 1024 } });
    expect(verifyPostForm({ ...fields, key: 'files/other.pdf' }, 100, opts)).toMatchObject({ ok: false, status: 403 });
    expect(verifyPostForm({ ...fields, 'Content-Type': 'text/html' }, 100, opts)).toMatchObject({ ok: false, status: 403 });
    expect(verifyPostForm(fields, 1025, opts)).toMatchObject({ ok: false, code: 'EntityTooLarge' });
    expect(verifyPostForm(fields, 0, opts)).toMatchObject({ ok: false, code: 'EntityTooSmall' });
    expect(verifyPostForm(fields, 100, { ...opts, now: new Date(Date.now() + 301_000) })).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses to sign a traversal key or a reversed byte range', async () => {
    await expect(storage.presignPost({ ...policy, key: '../x' })).rejects.toBeInstanceOf(InvalidObjectKeyError);
    await expect(storage.presignPost({ ...policy, minBytes: 10, maxBytes: 9 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('S3 storage: against the fake S3', () => {
  it('uploads with the presigned POST, then heads, reads, downloads and deletes', async () => {
    const post = await storage.presignPost(policy);
    const bytes = Buffer.from('%PDF-1.4 bytes from the browser');
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'report.pdf');
    const res = await fetch(post.url, { method: 'POST', body: form });
    expect(res.status).toBe(201);

    expect(await storage.head(policy.key)).toEqual({ size: bytes.length, contentType: 'application/pdf' });
    expect(await storage.read(policy.key)).toEqual(bytes);

    const url = await storage.presignGet(policy.key, { expiresInSeconds: 60, filename: 'Über report.pdf', inline: false });
    expect(url.startsWith(`${fake.endpoint}/${BUCKET}/${policy.key}?`)).toBe(true);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="_ber report.pdf"; filename*=UTF-8''%C3%9Cber%20report.pdf`);

    await storage.delete(policy.key);
    expect(await storage.head(policy.key)).toBeNull();
    await expect(storage.read(policy.key)).rejects.toBeInstanceOf(NoSuchKeyError);
    await storage.delete(policy.key);
  });

  it('stores bytes the server made (an export archive) with their type', async () => {
    const key = 'exports/u1/e1.zip';
    const bytes = Buffer.from('PK\u0005\u0006 an archive');
    await storage.put(key, bytes, 'application/zip');
    expect(await storage.head(key)).toEqual({ size: bytes.length, contentType: 'application/zip' });
    expect(await storage.read(key)).toEqual(bytes);
    await storage.delete(key);
  });

  it('copies an object server-side with its type; a replayed form then changes only the original', async () => {
    const post = await storage.presignPost({ ...policy, key: 'files/u1/copy-me/report.pdf' });
    const send = async (text: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
      form.append('file', new Blob([text]), 'report.pdf');
      return (await fetch(post.url, { method: 'POST', body: form })).status;
    };
    expect(await send('%PDF-1.4 the first bytes')).toBe(201);
    await storage.copy('files/u1/copy-me/report.pdf', 'sealed/u1/copy-me/report.pdf');
    // S3 has no POST condition against an existing key: the same form is taken again.
    expect(await send('%PDF-1.4 swapped in later!')).toBe(201);
    expect((await storage.read('sealed/u1/copy-me/report.pdf')).toString()).toBe('%PDF-1.4 the first bytes');
    expect(await storage.head('sealed/u1/copy-me/report.pdf')).toEqual({ size: 24, contentType: 'application/pdf' });
    await expect(storage.copy('files/u1/never-there.pdf', 'sealed/u1/never-there.pdf')).rejects.toBeInstanceOf(NoSuchKeyError);
    await storage.delete('files/u1/copy-me/report.pdf');
    await storage.delete('sealed/u1/copy-me/report.pdf');
  });

  it('answers null for the head of a missing object', async () => {
    expect(await storage.head('files/never-uploaded.txt')).toBeNull();
  });
});

describe('S3 storage: object URLs', () => {
  it('uses path-style URLs when forcePathStyle is set, and inverts them', () => {
    const key = 'files/u1/a-b_c.1.txt';
    expect(storage.objectUrl(key)).toBe(`${fake.endpoint}/${BUCKET}/${key}`);
    expect(storage.keyOf(storage.objectUrl(key))).toBe(key);
    expect(storage.keyOf(`${fake.endpoint}/other-bucket/${key}`)).toBeNull();
    expect(storage.keyOf(`http://elsewhere.example/${BUCKET}/${key}`)).toBeNull();
    expect(storage.keyOf(`${fake.endpoint}/${BUCKET}/files/../x`)).toBeNull();
  });

  it('uses virtual-hosted URLs otherwise', () => {
    const hosted = new S3Storage({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'files-bucket',
      region: 'eu-west-1',
      accessKeyId: 'A',
      secretAccessKey: 'S',
      forcePathStyle: false,
    });
    expect(hosted.objectUrl('files/x.pdf')).toBe('https://files-bucket.s3.eu-west-1.amazonaws.com/files/x.pdf');
    expect(hosted.keyOf('https://files-bucket.s3.eu-west-1.amazonaws.com/files/x.pdf')).toBe('files/x.pdf');
    expect(hosted.keyOf('https://s3.eu-west-1.amazonaws.com/files-bucket/files/x.pdf')).toBeNull();
    hosted.client.destroy();
  });
});
