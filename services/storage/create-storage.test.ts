import { describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';

const base = { dataDir: '/tmp/ae-unused', publicUrl: 'https://answers.example', fileMaxBytes: 50 * 1024 * 1024 };
const secret = 'x'.repeat(32);

describe('createStorage', () => {
  it('picks the local bucket, with its router, when no S3 is configured', () => {
    const storage = createStorage({ ...base, s3: null }, secret);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect(storage.kind).toBe('local');
    expect(storage.localBucket).toBe(storage);
    expect(storage.objectUrl('files/a.pdf')).toBe('https://answers.example/storage/local/files/a.pdf');
  });

  it('picks S3 when it is configured', () => {
    const s3 = { endpoint: 'http://127.0.0.1:9000', bucket: 'files', region: 'us-east-1', accessKeyId: 'A', secretAccessKey: 'S', forcePathStyle: true };
    const storage = createStorage({ ...base, s3 }, secret);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.kind).toBe('s3');
    expect(storage.localBucket).toBeUndefined();
    expect(storage.objectUrl('files/a.pdf')).toBe('http://127.0.0.1:9000/files/files/a.pdf');
    (storage as S3Storage).client.destroy();
  });

  it('signs the local bucket with the secret it is given', async () => {
    const policy = { key: 'files/a.pdf', contentType: 'application/pdf', minBytes: 1, maxBytes: 10, expiresInSeconds: 60 };
    const a = await createStorage({ ...base, s3: null }, secret).presignGet('files/a.pdf', { expiresInSeconds: 60, filename: 'a', inline: true });
    const b = await createStorage({ ...base, s3: null }, 'y'.repeat(32)).presignGet('files/a.pdf', { expiresInSeconds: 60, filename: 'a', inline: true });
    expect(new URL(a, 'http://x').searchParams.get('signature')).not.toBe(new URL(b, 'http://x').searchParams.get('signature'));
    expect((await createStorage({ ...base, s3: null }, secret).presignPost(policy)).fields['X-Amz-Credential']).toMatch(/^LOCALSTORAGE\//);
  });
});
