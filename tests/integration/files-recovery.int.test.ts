// Indexing survives crashes: a file recorded by a process that died before its workflow started
// is indexed at the next start (the log's consumer starts it), and a process killed right after
// a submission leaves no file PROCESSING for good.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { evolveFile, fileStream, NO_FILE } from '../../services/files/events.js';
import { largePdf } from '../fixtures/files.js';
import { createTestDatabase, testDb } from '../support/database.js';
import { MY_FILES, postToBucket, uploadUrls } from '../support/files.js';
import { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let dataDir: string;
const servers: ServerProcess[] = [];
const start = async () => {
  const s = await startServerProcess({ databaseUrl: database.url, env: { DATA_DIR: dataDir } });
  servers.push(s);
  return s;
};
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'files-recovery-'));
  database = await createTestDatabase('files_recovery');
  db = testDb(database.url, 2);
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await db?.destroy();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const stateOf = async (fileUuid: string) =>
  (await allTables(db).selectFrom('files').select('file_state').where('file_uuid', '=', fileUuid).executeTakeFirst())?.file_state;

test('a file recorded just before a crash is indexed at the next start; one killed mid-index ends too', { timeout: 120_000 }, async () => {
  const first = await start();
  const ada = await signedUp(first.url, 'Ada');
  const session = (await ada.get('/rest/session')).json.user;
  const note = { filename: 'crash.txt', bytes: new TextEncoder().encode('The kettle survives every crash.') };
  const [params] = (await uploadUrls(ada, MY_FILES, [note])).json.file_url_params;
  expect((await postToBucket(first.url, params, note)).status).toBeLessThan(300);
  await first.stop('SIGKILL');

  // What a process dying between its append and its workflow start leaves behind: the event only.
  const key = decodeURIComponent(new URL(params.s3_object_url).pathname.replace(/^\/storage\/local\//, ''));
  // (After the FileUploadStarted the upload form recorded.)
  const store = new EventStore(db, projections);
  const { version } = await store.aggregate(fileStream(params.file_uuid), NO_FILE, evolveFile);
  await store.append(fileStream(params.file_uuid), version, [
    {
      type: 'FileSubmitted',
      data: {
        file_uuid: params.file_uuid,
        version: 1,
        repository: { type: 'USER', owner_id: session.id },
        filename: note.filename,
        content_type: 'text/plain',
        file_type: 'txt',
        is_attachment: false,
        file_size: note.bytes.byteLength,
        object_key: key,
        uploaded_by: session.id,
        uploader_email: session.email,
        reason: 'upload',
        submitted_at: new Date().toISOString(),
      },
    },
  ]);
  expect(await stateOf(params.file_uuid)).toBe('PROCESSING');

  const second = await start();
  await expect.poll(() => stateOf(params.file_uuid), { timeout: 30_000 }).toBe('COMPLETE');

  // A large PDF submitted, then the process killed at once: after a restart it ends, never PROCESSING for good.
  const again = new Browser(second.url);
  for (const [k, v] of ada.cookies) again.cookies.set(k, v);
  const big = { filename: 'big.pdf', bytes: await largePdf(100) };
  const [bigParams] = (await uploadUrls(again, MY_FILES, [big])).json.file_url_params;
  expect((await postToBucket(second.url, bigParams, big)).status).toBeLessThan(300);
  const submitted = await again.post('/rest/file-repository/index-files', {
    file_repository_info: MY_FILES,
    file_index_params: [{ file_s3_url: bigParams.s3_object_url, file_size: big.bytes.byteLength, filename: big.filename, file_uuid: bigParams.file_uuid }],
  });
  expect(submitted.status, submitted.text).toBe(202);
  await second.stop('SIGKILL');
  await start();
  await expect.poll(() => stateOf(bigParams.file_uuid), { timeout: 60_000 }).toBe('COMPLETE');
});
