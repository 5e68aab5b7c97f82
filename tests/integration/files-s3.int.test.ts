// Uploads on S3 (s3rver on 127.0.0.1), where a form cannot be made one-time: S3 takes a second
// POST of the same form until its deadline. A submitted upload is sealed (copied to a key no form
// names), so a replay after indexing changes neither what was indexed nor what downloads serve,
// and the upload's own key, whatever a replay left there, is removed once the form is dead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { S3Storage } from '../../services/storage/s3-storage.js';
import { startFakeS3 } from '../fakes/s3-server.js';
import { createTestDatabase } from '../support/database.js';
import { indexStream, MY_FILES, postToBucket, uploadUrls } from '../support/files.js';
import { askStream, signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const BUCKET = 'answer-files';
// Forms live half the TTL (upload-use-cases.ts): 8 s here, so the test sees the form die. The replay
// must come before the expiry empties the key (s3rver takes a dead form, S3 would not): 6 s was too
// short for signing up, uploading and indexing in a loaded CI run.
const TTL_SECONDS = 16;
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let storage: S3Storage;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeS3(BUCKET);
  storage = new S3Storage({ endpoint: fake.endpoint, bucket: BUCKET, region: 'us-east-1', ...keys(fake), forcePathStyle: true });
  dataDir = mkdtempSync(join(tmpdir(), 'files-s3-int-'));
  database = await createTestDatabase('files_s3');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      DATA_DIR: dataDir,
      UPLOAD_TTL_SECONDS: String(TTL_SECONDS),
      S3_ENDPOINT: fake.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  storage?.client.destroy();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function keys(f: { accessKeyId: string; secretAccessKey: string }) {
  return { accessKeyId: f.accessKeyId, secretAccessKey: f.secretAccessKey };
}
const text = (s: string) => new TextEncoder().encode(s);

test("replaying an S3 upload form after indexing changes neither the indexed text nor the downloaded bytes, and the replay's object goes when the form dies", {
  timeout: 120_000,
}, async () => {
  const ada = await signedUp(server.url, 'Ada', `ada.s3.${Date.now()}@example.com`);
  const original = { filename: 'ledger.txt', bytes: text('The heron ledger balances.') };
  const [params] = (await uploadUrls(ada, MY_FILES, [original])).json.file_url_params;
  expect((await postToBucket(server.url, params, original)).status).toBe(201);
  const res = await indexStream(ada, MY_FILES, [
    { file_s3_url: params.s3_object_url, file_size: original.bytes.byteLength, filename: original.filename, file_uuid: params.file_uuid },
  ]);
  expect((await collect(res)).at(-1)?.data.status).toBe('success');

  // The same form, within its deadline, with other bytes of the same size: S3 takes it.
  const forged = text('The heron ledger is forged');
  expect(forged.byteLength).toBe(original.bytes.byteLength);
  expect((await postToBucket(server.url, params, original, forged)).status).toBe(201);

  // Downloads serve the sealed bytes, by the upload's address as by the listing's.
  const listed = await ada.post('/rest/files/list', { file_repository_info: MY_FILES });
  const fileUrl = listed.json.files[0].file_s3_url as string;
  expect(fileUrl).not.toBe(params.s3_object_url);
  for (const file_url of [params.s3_object_url, fileUrl]) {
    const link = await ada.post('/rest/file-repository/download', { file_url, view_mode: false });
    expect(link.status, link.text).toBe(200);
    expect(await (await fetch(link.json.file_url)).text()).toBe('The heron ledger balances.');
  }
  // Answers cite the indexed text, not the replay's.
  const events = await collect(await askStream(server.url, ada, { query_str: 'Does the heron ledger balance?', search_mode: 'auto' }));
  const sources = events.find((e) => e.event === 'sources')?.data.sources as { snippet?: string; content?: string }[];
  expect(JSON.stringify(sources)).toContain('balances');
  expect(JSON.stringify(sources)).not.toContain('forged');

  // Once the form is dead and the upload's TTL has passed, its key is emptied; the sealed copy stays.
  const uploadKey = storage.keyOf(params.s3_object_url)!;
  await expect.poll(() => storage.head(uploadKey), { timeout: 60_000, interval: 500 }).toBeNull();
  expect((await storage.read(storage.keyOf(fileUrl)!)).toString()).toBe('The heron ledger balances.');
});
