// Image upload slots on the real server with the local bucket: an image never chosen is removed
// once its pending time passes (a durable workflow per form), a chosen picture is a copy that
// outlives its slot and leaves the public address at once, and the hourly limit counts forms
// in the database, not in one process's memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { IMAGE_FORMS_PER_HOUR } from '../../services/files/images/decide.js';
import { createTestDatabase } from '../support/database.js';
import { postToBucket } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
// A 1×1 lossless WebP.
const WEBP = Uint8Array.from(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'));
// Long enough for a slow machine to sign up, upload and choose within it (4 s ran out at load 19).
const TTL_SECONDS = 8;

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'image-uploads-'));
  database = await createTestDatabase('image_uploads');
  server = await startServerProcess({ databaseUrl: database.url, env: { DATA_DIR: dataDir, UPLOAD_TTL_SECONDS: String(TTL_SECONDS) } });
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function uploaded(b: Browser) {
  const form = await b.post('/rest/uploads/create_upload_url', { filename: 'me.png', content_type: 'image/png', file_size: PNG.byteLength });
  expect(form.status, form.text).toBe(200);
  expect((await postToBucket(server.url, form.json, { filename: 'me.png', bytes: PNG, content_type: 'image/png' })).status).toBe(201);
  return form.json.s3_object_url as string;
}

const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/storage\/[^/]+\//, ''));
const eventsOf = async (url: string) =>
  (await sql<{ type: string }>`select type from events where stream_id = ${`image-upload-${keyOf(url)}`} order by stream_version`.execute(db)).rows.map(
    (r) => r.type,
  );

describe('image upload slots', () => {
  test('an image never chosen is removed once its pending time has passed, and its slot ends once', { timeout: 40_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    const url = await uploaded(ada);
    expect((await fetch(url)).status).toBe(200);
    expect(await eventsOf(url)).toEqual(['ImageUploadStarted']);
    await expect.poll(async () => (await fetch(url)).status, { timeout: 30_000, interval: 250 }).toBe(404);
    await expect.poll(() => eventsOf(url), { timeout: 10_000, interval: 100 }).toEqual(['ImageUploadStarted', 'ImageUploadExpired']);
  });

  test('a chosen picture is its own copy: the upload leaves its address at once, and the picture outlives the slot', { timeout: 40_000 }, async () => {
    const pia = await signedUp(server.url, 'Pia');
    const url = await uploaded(pia);
    const chosen = await pia.send('PUT', '/rest/account/avatar', { json: { image_url: url } });
    expect(chosen.status, chosen.text).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    await expect.poll(() => eventsOf(url), { timeout: 30_000, interval: 250 }).toEqual(['ImageUploadStarted', 'ImageUploadExpired']);
    const shown = await fetch(new URL(chosen.json.image as string, server.url));
    expect(shown.status).toBe(200);
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(PNG);
  });

  test("the seed's fields: source and force_image taken, any image type the pipeline reads, SVG refused; a WebP picture is shown as one", async () => {
    const wen = await signedUp(server.url, 'Wen');
    const form = await wen.post('/rest/uploads/create_upload_url', {
      filename: 'me.webp',
      content_type: 'image/webp',
      file_size: WEBP.byteLength,
      source: 'avatar',
      force_image: true,
    });
    expect(form.status, form.text).toBe(200);
    expect(keyOf(form.json.s3_object_url)).toMatch(/^public\/images\/[0-9a-f-]{36}\.webp$/);
    const stream = `image-upload-${keyOf(form.json.s3_object_url)}`;
    const started = await sql<{ data: { source: string } }>`select data from events where stream_id = ${stream}`.execute(db);
    expect(started.rows.map((r) => r.data.source)).toEqual(['avatar']);
    expect((await postToBucket(server.url, form.json, { filename: 'me.webp', bytes: WEBP, content_type: 'image/webp' })).status).toBe(201);
    const chosen = await wen.send('PUT', '/rest/account/avatar', { json: { image_url: form.json.s3_object_url } });
    expect(chosen.status, chosen.text).toBe(200);
    const shown = await fetch(new URL(chosen.json.image as string, server.url));
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/webp']);
    for (const content_type of ['image/svg+xml', 'image/heic', 'text/html']) {
      const refused = await wen.post('/rest/uploads/create_upload_url', { filename: 'x', content_type, file_size: 10 });
      expect(refused.status, content_type).toBe(400);
    }
    const badSource = await wen.post('/rest/uploads/create_upload_url', { filename: 'x.png', content_type: 'image/png', source: 'Robert"); drop' });
    expect(badSource.status).toBe(400);
  });

  test(`the hour's forms are counted in the database: after ${IMAGE_FORMS_PER_HOUR}, the next is rate limited, for that person only`, {
    timeout: 60_000,
  }, async () => {
    const eve = await signedUp(server.url, 'Eve');
    const ask = (b: Browser) => b.post('/rest/uploads/create_upload_url', { filename: 'x.png', content_type: 'image/png', file_size: 10 });
    for (let i = 0; i < IMAGE_FORMS_PER_HOUR; i++) expect((await ask(eve)).json.rate_limited).toBe(false);
    const limited = await ask(eve);
    expect([limited.status, limited.json]).toEqual([200, { fields: null, s3_bucket_url: null, s3_object_url: null, rate_limited: true }]);
    const userId = (await sql<{ id: string }>`select id from "user" where name = 'Eve'`.execute(db)).rows[0].id;
    expect(Number((await sql<{ n: string }>`select count(*) as n from image_uploads where user_id = ${userId}`.execute(db)).rows[0].n)).toBe(
      IMAGE_FORMS_PER_HOUR,
    );
    const other = await signedUp(server.url, 'Other');
    expect((await ask(other)).json.rate_limited).toBe(false);
  });
});
