// The local bucket end to end: a real express app on 127.0.0.1, real multipart forms sent with
// fetch + FormData, real files under a temporary DATA_DIR.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import express from 'express';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalBucketRouter } from '../http/local-bucket-router.js';
import { LocalStorage } from './local-storage.js';
import { InvalidObjectKeyError, NoSuchKeyError } from './object-keys.js';
import type { PresignedPost, UploadPolicy } from './storage.js';

const MAX_UPLOAD_BYTES = 4096;
let dataDir: string;
let server: Server;
let publicUrl: string;
let storage: LocalStorage;
let router: ReturnType<typeof createLocalBucketRouter> | undefined;
let clockOffsetMs = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ae-test-storage-'));
  const app = express();
  // The adapter needs the server's address, so the router is looked up per request.
  app.use('/storage', (req, res, next) => (router ??= createLocalBucketRouter(storage))(req, res, next));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  publicUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  storage = new LocalStorage({
    dataDir,
    publicUrl,
    secret: 'a-test-secret-of-at-least-32-characters!',
    maxUploadBytes: MAX_UPLOAD_BYTES,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  clockOffsetMs = 0;
});

let keyCount = 0;
function policy(overrides: Partial<UploadPolicy> = {}): UploadPolicy {
  return { key: `files/u1/${++keyCount}-report.pdf`, contentType: 'application/pdf', minBytes: 1, maxBytes: 1024, expiresInSeconds: 60, ...overrides };
}

/** Sends the form as a browser would: every field, then the file (or the file first). */
async function upload(post: PresignedPost, bytes: Buffer, opts: { fields?: Record<string, string>; fileFirst?: boolean } = {}) {
  const form = new FormData();
  const file = new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' });
  if (opts.fileFirst) form.append('file', file, 'upload.bin');
  for (const [name, value] of Object.entries(opts.fields ?? post.fields)) form.append(name, value);
  if (!opts.fileFirst) form.append('file', file, 'upload.bin');
  // The form's action is a path on whichever host served the app.
  const res = await fetch(new URL(post.url, publicUrl), { method: 'POST', body: form });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function leftoverTempFiles() {
  return readdir(join(dataDir, 'storage', '.tmp')).catch(() => []);
}

describe('local storage: upload, read, download', () => {
  it('stores a presigned POST upload and serves it back through a presigned GET', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    // A path, not an address built from PUBLIC_URL: the app may be open on another name (127.0.0.1 for localhost).
    expect(post.url).toBe('/storage/local');
    const bytes = Buffer.from('%PDF-1.4 a small pdf body');

    const res = await upload(post, bytes);
    expect(res.status).toBe(201);
    expect(JSON.parse(res.text)).toEqual({ key: p.key, secure_url: `${publicUrl}/storage/local/${p.key}` });
    expect(await readFile(join(dataDir, 'storage', 'local', ...p.key.split('/')))).toEqual(bytes);
    expect(await leftoverTempFiles()).toEqual([]);

    expect(await storage.head(p.key)).toEqual({ size: bytes.length, contentType: 'application/pdf' });
    expect(await storage.read(p.key)).toEqual(bytes);

    const url = await storage.presignGet(p.key, { expiresInSeconds: 60, filename: 'Über report.pdf', inline: false });
    // A path too: the download opens on whichever host the app is open on.
    expect(url).toMatch(new RegExp(`^/storage/local/${p.key}\\?expires=`));
    const download = await fetch(new URL(url, publicUrl));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="_ber report.pdf"; filename*=UTF-8''%C3%9Cber%20report.pdf`);
    expect(download.headers.get('cache-control')).toBe('private, max-age=60');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');

    const view = await fetch(new URL(await storage.presignGet(p.key, { expiresInSeconds: 60, filename: 'r.pdf', inline: true }), publicUrl));
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="r.pdf"/);
  });

  it('a form is good for one upload: posting it again cannot replace the stored bytes', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    const first = Buffer.from('%PDF-1.4 the indexed bytes');
    expect((await upload(post, first)).status).toBe(201);
    const replay = await upload(post, Buffer.from('%PDF-1.4 swapped in later!'));
    expect(replay.status).toBe(412);
    expect(replay.text).toContain('<Code>PreconditionFailed</Code>');
    expect(await storage.read(p.key)).toEqual(first);
    expect(await leftoverTempFiles()).toEqual([]);
    // The server's own writes keep to the rule too.
    await expect(storage.put(p.key, Buffer.from('other'), 'application/pdf')).rejects.toThrow(/already exists/);
    expect(await storage.read(p.key)).toEqual(first);
  });

  it('copies an object with its type, replacing what the target held; the copy outlives the original', async () => {
    const p = policy();
    const bytes = Buffer.from('%PDF-1.4 the indexed bytes');
    expect((await upload(await storage.presignPost(p), bytes)).status).toBe(201);
    const copy = `sealed/${p.key}`;
    await storage.put(copy, Buffer.from('stale'), 'text/plain');
    await storage.copy(p.key, copy);
    expect(await storage.head(copy)).toEqual({ size: bytes.length, contentType: 'application/pdf' });
    await storage.delete(p.key);
    expect(await storage.read(copy)).toEqual(bytes);
    expect(await leftoverTempFiles()).toEqual([]);
    await expect(storage.copy(p.key, copy)).rejects.toBeInstanceOf(NoSuchKeyError);
    expect(await storage.read(copy)).toEqual(bytes);
  });

  it('refuses a success_action_status other than the signed 201', async () => {
    const post = await storage.presignPost(policy());
    const res = await upload(post, Buffer.from('x'), { fields: { ...post.fields, success_action_status: '204' } });
    expect(res.status).toBe(403);
  });

  it('maps object URLs to keys and back, and nothing else', async () => {
    const key = 'files/u1/a-b_c.1.txt';
    expect(storage.keyOf(storage.objectUrl(key))).toBe(key);
    expect(storage.keyOf(`http://elsewhere.example/storage/local/${key}`)).toBeNull();
    expect(storage.keyOf(`${publicUrl}/storage/other/${key}`)).toBeNull();
    expect(storage.keyOf(`${publicUrl}/storage/local/${key}?x=1`)).toBeNull();
    expect(storage.keyOf(`${publicUrl}/storage/local/files/../secret`)).toBeNull();
    expect(storage.keyOf(await storage.presignGet(key, { expiresInSeconds: 60, filename: 'a', inline: true }))).toBeNull();
  });

  it('deletes an object, and deleting it again is no error', async () => {
    const key = 'files/u2/deleted.txt';
    await storage.put(key, Buffer.from('bye'), 'text/plain');
    const url = new URL(await storage.presignGet(key, { expiresInSeconds: 60, filename: 'd.txt', inline: false }), publicUrl);
    expect((await fetch(url)).status).toBe(200);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.read(key)).rejects.toBeInstanceOf(NoSuchKeyError);
    expect((await fetch(url)).status).toBe(404);
    // The emptied folder goes too, so the name is free for a file later.
    await expect(stat(join(dataDir, 'storage', 'local', 'files', 'u2'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('serves public/ keys without a signature, and nothing else without one', async () => {
    await storage.put('public/img-1.png', Buffer.from('png'), 'image/png');
    await storage.put('files/private.png', Buffer.from('png'), 'image/png');
    const open = await fetch(storage.objectUrl('public/img-1.png'));
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/png');
    expect(open.headers.get('content-disposition')).toBe('inline');
    expect((await fetch(storage.objectUrl('files/private.png'))).status).toBe(403);
  });

  it('never shows page-like types inline, and sandboxes what it serves', async () => {
    await storage.put('files/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    const res = await fetch(new URL(await storage.presignGet('files/page.html', { expiresInSeconds: 60, filename: 'page.html', inline: true }), publicUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
  });
});

describe('local storage: refused downloads', () => {
  const key = 'files/u3/secret.txt';
  beforeAll(async () => {
    await storage.put(key, Buffer.from('secret'), 'text/plain');
  });

  it('refuses a missing, altered or expired signature with 403', async () => {
    expect((await fetch(storage.objectUrl(key))).status).toBe(403);
    const url = new URL(await storage.presignGet(key, { expiresInSeconds: 60, filename: 'secret.txt', inline: false }), publicUrl);
    const altered = new URL(url);
    altered.searchParams.set('filename', 'other.txt');
    expect((await fetch(altered)).status).toBe(403);
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('secret.txt', 'other.txt');
    expect((await fetch(otherKey)).status).toBe(403);
    clockOffsetMs = 61_000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('answers 404 for a signed address of a missing object', async () => {
    expect((await fetch(new URL(await storage.presignGet('files/none.txt', { expiresInSeconds: 60, filename: 'n', inline: true }), publicUrl))).status).toBe(
      404,
    );
  });
});

describe('local storage: refused uploads leave nothing behind', () => {
  async function expectRefused(p: UploadPolicy, res: { status: number; text: string }, status: number, code: string) {
    expect(res.status).toBe(status);
    expect(res.text).toContain(`<Code>${code}</Code>`);
    expect(await storage.head(p.key)).toBeNull();
    expect(await leftoverTempFiles()).toEqual([]);
  }

  it('refuses an expired policy', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    clockOffsetMs = 61_000;
    await expectRefused(p, await upload(post, Buffer.from('x')), 403, 'AccessDenied');
  });

  it('refuses a tampered key', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    const res = await upload(post, Buffer.from('x'), { fields: { ...post.fields, key: 'files/u1/elsewhere.pdf' } });
    await expectRefused(p, res, 403, 'AccessDenied');
    expect(await storage.head('files/u1/elsewhere.pdf')).toBeNull();
  });

  it('refuses another content type', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    await expectRefused(p, await upload(post, Buffer.from('<b>'), { fields: { ...post.fields, 'Content-Type': 'text/html' } }), 403, 'AccessDenied');
  });

  it('refuses a file over the maximum and one under the minimum', async () => {
    const p = policy({ minBytes: 5, maxBytes: 10 });
    const post = await storage.presignPost(p);
    await expectRefused(p, await upload(post, Buffer.alloc(11, 1)), 400, 'EntityTooLarge');
    await expectRefused(p, await upload(post, Buffer.alloc(4, 1)), 400, 'EntityTooSmall');
    expect((await upload(post, Buffer.alloc(10, 1))).status).toBe(201);
    expect(await storage.head(p.key)).toEqual({ size: 10, contentType: 'application/pdf' });
  });

  it('refuses a large file streamed past the maximum', async () => {
    const p = policy({ maxBytes: MAX_UPLOAD_BYTES });
    const post = await storage.presignPost(p);
    await expectRefused(p, await upload(post, Buffer.alloc(20 * 1024 * 1024, 7)), 400, 'EntityTooLarge');
  });

  it('removes the partial file of a browser that goes away mid-upload', async () => {
    const p = policy({ maxBytes: MAX_UPLOAD_BYTES });
    const post = await storage.presignPost(p);
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(MAX_UPLOAD_BYTES)]), 'big.bin');
    const whole = new Response(form);
    const contentType = whole.headers.get('content-type')!;
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const controller = new AbortController();
    // Everything but the last 1000 bytes, then silence until the abort.
    const body = new ReadableStream({ start: (c) => c.enqueue(bytes.subarray(0, bytes.length - 1000)) });
    const sent = fetch(new URL(post.url, publicUrl), {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
      signal: controller.signal,
      duplex: 'half',
    } as RequestInit);
    await expect.poll(async () => (await leftoverTempFiles()).length).toBe(1);
    controller.abort();
    await expect(sent).rejects.toThrow();
    await expect.poll(async () => (await leftoverTempFiles()).length).toBe(0);
    expect(await storage.head(p.key)).toBeNull();
  });

  it('refuses a bad signature', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    const signature = post.fields['X-Amz-Signature']!;
    const bad = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    await expectRefused(p, await upload(post, Buffer.from('x'), { fields: { ...post.fields, 'X-Amz-Signature': bad } }), 403, 'SignatureDoesNotMatch');
  });

  it('refuses the traversal key ../x before signing, and in a form', async () => {
    await expect(storage.presignPost(policy({ key: '../x' }))).rejects.toBeInstanceOf(InvalidObjectKeyError);
    const p = policy();
    const post = await storage.presignPost(p);
    await expectRefused(p, await upload(post, Buffer.from('x'), { fields: { ...post.fields, key: '../x' } }), 403, 'AccessDenied');
    await expect(stat(join(dataDir, 'storage', 'x'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file sent before the fields', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    await expectRefused(p, await upload(post, Buffer.from('x'), { fileFirst: true }), 400, 'InvalidArgument');
  });

  it('refuses a form field sent twice, a body that is not a form, and a form with no file', async () => {
    const p = policy();
    const post = await storage.presignPost(p);
    const twice = new FormData();
    for (const [name, value] of Object.entries(post.fields)) twice.append(name, value);
    twice.append('key', p.key);
    twice.append('file', new Blob(['x']), 'x');
    const dup = await fetch(new URL(post.url, publicUrl), { method: 'POST', body: twice });
    await expectRefused(p, { status: dup.status, text: await dup.text() }, 400, 'InvalidArgument');

    const json = await fetch(new URL(post.url, publicUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(post.fields),
    });
    await expectRefused(p, { status: json.status, text: await json.text() }, 400, 'MalformedPOSTRequest');

    const noFile = new FormData();
    for (const [name, value] of Object.entries(post.fields)) noFile.append(name, value);
    const none = await fetch(new URL(post.url, publicUrl), { method: 'POST', body: noFile });
    await expectRefused(p, { status: none.status, text: await none.text() }, 400, 'InvalidArgument');
  });

  it('refuses to sign a byte range beyond what the endpoint reads', async () => {
    await expect(storage.presignPost(policy({ maxBytes: MAX_UPLOAD_BYTES + 1 }))).rejects.toBeInstanceOf(RangeError);
    await expect(storage.presignPost(policy({ minBytes: 5, maxBytes: 4 }))).rejects.toBeInstanceOf(RangeError);
  });
});
