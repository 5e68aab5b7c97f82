// The try-on on the real server and PostgreSQL with the image provider's fake: an avatar generated
// from an uploaded selfie (or a body photo and a selfie), saved, read, used for a try-on of a
// product's picture, deleted; another person's images unreachable; uploads over 10 MB, not images
// or decompression bombs refused; the provider's time limit a clear error; every operation's
// authorization row; and the images' bytes gone with the account.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listenLoopback } from '../fakes/listen.js';
import { pngHeader, startImageProviderFake } from '../fakes/image-provider.js';
import { createTestDatabase } from '../support/database.js';
import { postToBucket } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

// A 1×1 PNG (the "selfie") and a 1×1 WebP (the product's picture).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let provider: Awaited<ReturnType<typeof startImageProviderFake>>;
let shop: Awaited<ReturnType<typeof listenLoopback>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'try-on-'));
  provider = await startImageProviderFake({ apiKey: 'sk-image-test' });
  // A merchant's site with product pictures: a fine one, one too big, and one that is no image.
  shop = await listenLoopback((req, res) => {
    if (req.url === '/jacket.webp') return res.writeHead(200, { 'content-type': 'image/webp' }).end(WEBP);
    if (req.url === '/huge.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10 * 1024 * 1024 + 1));
    if (req.url === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
    res.writeHead(404).end();
  });
  database = await createTestDatabase('try_on');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir, ...provider.env(), IMAGE_TIMEOUT_SECONDS: '2', TRY_ON_ALLOW_PRIVATE_HOSTS: new URL(shop.url).host },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await provider?.close();
  await shop?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploaded(b: Browser, bytes: Buffer = PNG, filename = 'selfie.png') {
  const form = await b.post('/rest/uploads/create_upload_url', { filename, content_type: 'image/png', file_size: bytes.byteLength, force_image: true });
  expect(form.status, form.text).toBe(200);
  expect((await postToBucket(server.url, form.json, { filename, bytes, content_type: 'image/png' })).status).toBe(201);
  return form.json.s3_object_url as string;
}

const generateAvatar = (b: Browser, body: object) => b.post('/rest/shopping/try-on-photo/generate-avatar', body);
const save = (b: Browser, url: string) => b.send('PUT', '/rest/shopping/try-on-photo/save', { json: { try_on_photo_url: url } });
const tryOn = (b: Browser, image_url: string, product_image_url: string) => b.post('/rest/shopping/generate-shopping-try-on', { image_url, product_image_url });
const problem = (r: { status: number; json: any }) => [r.status, r.json?.code];
const tryOnFiles = () => {
  try {
    return readdirSync(join(dataDir, 'storage'), { recursive: true }).filter((p) => String(p).includes('try-on/') && String(p).match(/\.(png|webp)$/));
  } catch {
    return [];
  }
};

describe('the avatar', () => {
  test('generated from a selfie, saved, read, shown only to its owner, deleted', async () => {
    const ada = await signedUp(server.url, 'Ada');
    expect((await ada.get('/rest/shopping/try-on-photo/get')).json).toEqual({ status: 'success', try_on_photo_url: null });
    const selfie = await uploaded(ada);
    const made = await generateAvatar(ada, { user_image_url: selfie });
    expect(made.status, made.text).toBe(200);
    expect(made.json).toEqual({ status: 'success', try_on_photo_url: expect.stringMatching(/^\/rest\/shopping\/try-on-photo\/images\/[0-9a-f-]{36}$/) });
    const request = provider.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'fake-image-1', authorization: 'Bearer sk-image-test' });
    expect(request.images.map((i) => [i.type, i.bytes.equals(PNG)])).toEqual([['image/png', true]]);
    // The selfie has done its work: it leaves its public upload address at once.
    expect((await fetch(selfie)).status).toBe(404);
    // Not the person's avatar until saved.
    expect((await ada.get('/rest/shopping/try-on-photo/get')).json.try_on_photo_url).toBeNull();
    const url = made.json.try_on_photo_url as string;
    const saved = await save(ada, url);
    expect(saved.json).toEqual({ status: 'success', try_on_photo_url: url });
    expect((await ada.get('/rest/shopping/try-on-photo/get')).json).toEqual({ status: 'success', try_on_photo_url: url });
    const shown = await fetch(new URL(url, server.url), { headers: { cookie: ada.cookieHeader() } });
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('cache-control')]).toEqual([200, 'image/png', 'private, max-age=86400']);
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);

    const deleted = await ada.send('DELETE', '/rest/shopping/try-on-photo/delete');
    expect(deleted.json).toEqual({ status: 'success', try_on_photo_url: null });
    expect((await ada.get('/rest/shopping/try-on-photo/get')).json.try_on_photo_url).toBeNull();
    expect((await ada.get(url)).status).toBe(404);
    // Deleting again changes nothing.
    expect((await ada.send('DELETE', '/rest/shopping/try-on-photo/delete')).status).toBe(200);
  });

  test('from a full-body photo and a selfie: both go to the provider, body first', async () => {
    const bo = await signedUp(server.url, 'Bo');
    const [body, selfie] = [await uploaded(bo, PNG, 'body.png'), await uploaded(bo)];
    const made = await generateAvatar(bo, { user_image_url: body, selfie_image_url: selfie });
    expect(made.status, made.text).toBe(200);
    expect(provider.requests.at(-1)!.images.map((i) => i.name)).toEqual(['body.png', 'selfie.png']);
    expect(provider.requests.at(-1)!.prompt).toMatch(/second image/);
  });
});

describe('trying a product on', () => {
  test("on the person's avatar, with a merchant's picture; the result is theirs alone", async () => {
    const cy = await signedUp(server.url, 'Cy');
    const avatar = (await generateAvatar(cy, { user_image_url: await uploaded(cy) })).json.try_on_photo_url as string;
    await save(cy, avatar);
    const res = await tryOn(cy, avatar, `${shop.url}/jacket.webp`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      status: 'success',
      user_try_on_photo_url: avatar,
      image_url: expect.stringMatching(/^\/rest\/shopping\/try-on-photo\/images\//),
    });
    expect(provider.requests.at(-1)!.images.map((i) => i.type)).toEqual(['image/png', 'image/webp']);
    const shown = await cy.get(res.json.image_url);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const stranger = await signedUp(server.url, 'Stranger');
    expect((await stranger.get(res.json.image_url)).status).toBe(404);
    expect((await stranger.get(avatar)).status).toBe(404);
    expect(problem(await save(stranger, avatar))).toEqual([404, 'try_on_image_not_found']);
    expect(problem(await tryOn(stranger, avatar, `${shop.url}/jacket.webp`))).toEqual([404, 'try_on_avatar_not_found']);
    // A try-on result is no avatar to save.
    expect(problem(await save(cy, res.json.image_url))).toEqual([404, 'try_on_image_not_found']);
  });

  test("a product picture that is too big, no image, missing or on the server's own network is refused", async () => {
    const di = await signedUp(server.url, 'Di');
    const avatar = (await generateAvatar(di, { user_image_url: await uploaded(di) })).json.try_on_photo_url as string;
    expect(problem(await tryOn(di, avatar, `${shop.url}/huge.png`))).toEqual([413, 'try_on_image_too_large']);
    expect(problem(await tryOn(di, avatar, `${shop.url}/page.html`))).toEqual([400, 'invalid_try_on_image']);
    expect(problem(await tryOn(di, avatar, `${shop.url}/gone.png`))).toEqual([404, 'try_on_image_not_found']);
    expect(problem(await tryOn(di, avatar, 'http://127.0.0.1:1/secret.png'))).toEqual([400, 'invalid_try_on_image']);
    expect(problem(await tryOn(di, avatar, 'file:///etc/passwd'))).toEqual([400, 'invalid_try_on_image']);
  });
});

describe('bad input and a failing provider', () => {
  test('over 10 MB, not an image, a decompression bomb, not an upload of this server: refused before the provider is asked', async () => {
    const ed = await signedUp(server.url, 'Ed');
    const tooBig = await ed.post('/rest/uploads/create_upload_url', {
      filename: 'big.png',
      content_type: 'image/png',
      file_size: 10 * 1024 * 1024 + 1,
      force_image: true,
    });
    expect(problem(tooBig)).toEqual([400, 'file_too_large']);
    const asked = provider.requests.length;
    const text = await uploaded(ed, Buffer.from('just some text, named .png'), 'fake.png');
    expect(problem(await generateAvatar(ed, { user_image_url: text }))).toEqual([400, 'invalid_try_on_image']);
    const bomb = await uploaded(ed, pngHeader(100_000, 100_000), 'bomb.png');
    expect(problem(await generateAvatar(ed, { user_image_url: bomb }))).toEqual([400, 'invalid_try_on_image']);
    expect(problem(await generateAvatar(ed, { user_image_url: 'https://elsewhere.example.com/me.png' }))).toEqual([400, 'invalid_try_on_image']);
    expect(provider.requests.length).toBe(asked);
    expect((await ed.get('/rest/shopping/try-on-photo/get')).json.try_on_photo_url).toBeNull();
  });

  test("the provider's time limit, its failure, a bomb or no image from it: clear errors, nothing kept", async () => {
    const fi = await signedUp(server.url, 'Fi');
    const selfie = await uploaded(fi);
    const files = tryOnFiles().length;
    try {
      provider.mode('hang');
      expect(problem(await generateAvatar(fi, { user_image_url: selfie }))).toEqual([503, 'try_on_timeout']);
      provider.mode('fail');
      expect(problem(await generateAvatar(fi, { user_image_url: selfie }))).toEqual([503, 'try_on_failed']);
      provider.mode('bomb');
      expect(problem(await generateAvatar(fi, { user_image_url: selfie }))).toEqual([503, 'try_on_failed']);
      provider.mode('empty');
      const empty = await generateAvatar(fi, { user_image_url: selfie });
      expect(problem(empty)).toEqual([503, 'try_on_failed']);
      expect(empty.json.detail).toBe('The image provider could not make the image. Please try again.');
    } finally {
      provider.mode('ok');
    }
    expect(tryOnFiles().length).toBe(files);
    // The selfie is still there to try again with.
    expect((await generateAvatar(fi, { user_image_url: selfie })).status).toBe(200);
  });
});

test('authorization: every try-on operation for its owner, a stranger and an anonymous visitor', async () => {
  const owner = await signedUp(server.url, 'Owner');
  const [stranger, anonymous] = [await signedUp(server.url, 'Other'), await visitor(server.url)];
  const avatar = (await generateAvatar(owner, { user_image_url: await uploaded(owner) })).json.try_on_photo_url as string;
  const product = `${shop.url}/jacket.webp`;
  const strangerSelfie = await uploaded(stranger);
  const anonymousSelfie = `${server.url}/storage/x/public/images/00000000-0000-0000-0000-000000000000.png`;
  const rows = {
    generateTryOnAvatar: [
      (await generateAvatar(stranger, { user_image_url: strangerSelfie })).status,
      (await generateAvatar(anonymous, { user_image_url: anonymousSelfie })).status,
    ],
    saveTryOnAvatar: [(await save(owner, avatar)).status, (await save(stranger, avatar)).status, (await save(anonymous, avatar)).status],
    getTryOnAvatar: await Promise.all([owner, stranger, anonymous].map(async (b) => (await b.get('/rest/shopping/try-on-photo/get')).status)),
    getTryOnImage: await Promise.all([owner, stranger, anonymous].map(async (b) => (await b.get(avatar)).status)),
    generateShoppingTryOn: await Promise.all([owner, stranger, anonymous].map(async (b) => (await tryOn(b, avatar, product)).status)),
    deleteTryOnAvatar: [
      (await stranger.send('DELETE', '/rest/shopping/try-on-photo/delete')).status,
      (await anonymous.send('DELETE', '/rest/shopping/try-on-photo/delete')).status,
    ],
  };
  expect(rows).toEqual({
    // A stranger makes their own avatar; a visitor is asked to sign in.
    generateTryOnAvatar: [200, 401],
    saveTryOnAvatar: [200, 404, 401],
    getTryOnAvatar: [200, 200, 401],
    getTryOnImage: [200, 404, 401],
    generateShoppingTryOn: [200, 404, 401],
    // A stranger's delete removes their own (none): the owner's avatar stays.
    deleteTryOnAvatar: [200, 401],
  });
  expect((await owner.get('/rest/shopping/try-on-photo/get')).json.try_on_photo_url).toBe(avatar);
  expect((await owner.send('DELETE', '/rest/shopping/try-on-photo/delete')).status).toBe(200);
});

test('unconfigured servers say so: try_on in the features follows IMAGE_BASE_URL', async () => {
  expect((await (await visitor(server.url)).get('/rest/server/features')).json.try_on).toBe(true);
});

test("the images' bytes go with the account", { timeout: 60_000 }, async () => {
  const gil = await signedUp(server.url, 'Gil');
  const avatar = (await generateAvatar(gil, { user_image_url: await uploaded(gil) })).json.try_on_photo_url as string;
  await save(gil, avatar);
  await tryOn(gil, avatar, `${shop.url}/jacket.webp`);
  const userId = (await gil.get('/rest/session')).json.user.id as string;
  const mine = () => tryOnFiles().filter((p) => String(p).includes(userId));
  expect(mine().length).toBe(2);
  const res = await gil.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE' });
  expect(res.status, res.text).toBe(202);
  await expect.poll(() => mine().length, { timeout: 50_000, interval: 250 }).toBe(0);
});
