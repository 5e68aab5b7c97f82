// A pending upload is still cleaned after a hard crash: the server is killed with SIGKILL while
// the upload's expiry workflow sleeps until its TTL, restarted on the same database and data
// folder, and the upload expires once and its uploaded bytes are removed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { crashWhileSleeping } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import { MY_FILES, postToBucket, uploadUrls } from '../tests/support/files.js';
import { signedUp } from '../tests/support/people.js';
import { uploadExpiryWorkflowId } from './expire-upload.js';

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase('crash_upload');
  dataDir = mkdtempSync(join(tmpdir(), 'crash-upload-'));
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function expiredEvents() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<{ type: string }>("select type from events where type = 'FileUploadExpired'")).rows;
  } finally {
    await client.end();
  }
}
const stored = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
  try {
    return walk(join(dataDir, 'storage', 'local'));
  } catch {
    return [];
  }
};

test('a SIGKILL while an upload waits for its TTL still expires it and removes its bytes, once, after a restart', { timeout: 90_000 }, async () => {
  const run = await crashWhileSleeping({
    databaseUrl: database.url,
    env: { DATA_DIR: dataDir, UPLOAD_TTL_SECONDS: '10' },
    start: async (server) => {
      const ada = await signedUp(server.url, 'Ada');
      const file = { filename: 'orphan.txt', bytes: new TextEncoder().encode('Sent, never indexed.') };
      const [form] = (await uploadUrls(ada, MY_FILES, [file])).json.file_url_params;
      expect((await postToBucket(server.url, form, file)).status).toBe(201);
      const key = decodeURIComponent(new URL(form.s3_object_url).pathname.replace(/^\/storage\/local\//, ''));
      return uploadExpiryWorkflowId({ file_uuid: form.file_uuid, object_key: key, expires_at: '' });
    },
    beforeRestart: async () => {
      expect(await expiredEvents()).toEqual([]);
      expect(stored()).toHaveLength(1);
    },
  });
  try {
    expect(run.stepsAtCrash.map((s) => s.name)).toEqual(['until-expiry', 'DBOS.sleep']);
    expect(run.status.status).toBe('SUCCESS');
    expect(run.status.recoveryAttempts).toBeGreaterThan(run.statusAtCrash.recoveryAttempts);
    expect(await expiredEvents()).toEqual([{ type: 'FileUploadExpired' }]);
    expect(stored()).toEqual([]);
  } finally {
    await run.restarted.stop();
  }
});
