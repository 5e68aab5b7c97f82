// Pending uploads on the real server with the local bucket and a short TTL: upload forms count
// toward the plan's limits until indexed or expired; an expired one's object is removed from
// storage by its durable workflow, and it frees its place; an indexed file is never touched.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { listFiles, MY_FILES, postToBucket, uploadAndIndex, uploadUrls } from '../support/files.js';
import { signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

const TTL_SECONDS = 4;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'upload-expiry-'));
  database = await createTestDatabase('upload_expiry');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir, FILE_LIMITS: 'free=3/10', UPLOAD_TTL_SECONDS: String(TTL_SECONDS) },
  });
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

const text = (s: string) => new TextEncoder().encode(s);
const storedKeys = () => {
  const root = join(dataDir, 'storage', 'local');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name).slice(root.length + 1)]));
  try {
    return walk(root);
  } catch {
    return [];
  }
};
const eventsOf = async (type: string) => Number((await sql<{ n: string }>`select count(*) as n from events where type = ${type}`.execute(db)).rows[0].n);

test('pending uploads count toward the limit, expire after the TTL, and their objects are removed', { timeout: 60_000 }, async () => {
  const ada = await signedUp(server.url, 'Ada', `ada.expiry.${Date.now()}@example.com`);
  const kept = { filename: 'kept.txt', bytes: text('Indexed in time.') };
  await uploadAndIndex(ada, MY_FILES, [kept]);

  // Two forms handed out and never indexed fill the limit of 3: a third is refused.
  const sent = { filename: 'sent.txt', bytes: text('Uploaded, never indexed.') };
  const never = { filename: 'never.txt', bytes: text('Never even uploaded.') };
  const forms = await uploadUrls(ada, MY_FILES, [sent, never]);
  expect(forms.json.limits_reached).toEqual([]);
  const [sentForm] = forms.json.file_url_params;
  expect((await postToBucket(server.url, sentForm, sent)).status).toBe(201);
  const sentKey = decodeURIComponent(new URL(sentForm.s3_object_url).pathname.replace(/^\/storage\/local\//, ''));
  expect(storedKeys()).toContain(sentKey);
  const third = await uploadUrls(ada, MY_FILES, [{ filename: 'third.txt', bytes: text('three') }]);
  expect(third.json.file_url_params).toEqual([]);
  expect(third.json.limits_reached).toMatchObject([{ code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit: 3 }]);

  // After the TTL: both expire (events first), the uploaded object is gone, the indexed one stays.
  await expect.poll(() => eventsOf('FileUploadExpired'), { timeout: 30_000, interval: 250 }).toBe(2);
  await expect.poll(() => storedKeys().includes(sentKey), { timeout: 10_000, interval: 100 }).toBe(false);
  expect(storedKeys()).toHaveLength(1);
  expect((await listFiles(ada, MY_FILES)).json.files.map((f: { filename: string }) => f.filename)).toEqual(['kept.txt']);
  expect(await allTables(db).selectFrom('file_uploads').selectAll().execute()).toEqual([]);

  // Their places are free again; the expired form's file can no longer be indexed.
  expect((await uploadUrls(ada, MY_FILES, [{ filename: 'third.txt', bytes: text('three') }])).json.file_url_params).toHaveLength(1);
  const late = await ada.post('/rest/file-repository/index-files', {
    file_repository_info: MY_FILES,
    file_index_params: [{ file_s3_url: sentForm.s3_object_url, file_size: sent.bytes.byteLength, filename: sent.filename, file_uuid: sentForm.file_uuid }],
  });
  expect(late.status).toBe(400);
});
