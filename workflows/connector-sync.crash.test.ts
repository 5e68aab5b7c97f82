// A connection's sync resumes from its last checkpoint after a hard crash: the server is killed
// with SIGKILL while Drive holds the answer to the third page of a folder's walk, restarted on
// the same database and data folder, and the sync goes on from that page (the pages already
// walked are not asked again), every file indexed once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createFakeDrive, FOLDER } from '../tests/fakes/oauth/google-drive.js';
import { type OAuthFake, startOAuthFake } from '../tests/fakes/oauth/provider.js';
import { killHard, waitUntilFinished, workflowStatus, workflowSteps } from '../tests/support/crash.js';
import { createTestDatabase } from '../tests/support/database.js';
import type { Browser } from '../tests/support/http.js';
import { signedUp } from '../tests/support/people.js';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process.js';

const CLIENT = { clientId: 'drive-crash-client', clientSecret: 'drive-crash-secret-5678' };
const MY_FILES = { file_repository_type: 'USER' } as const;
let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let google: OAuthFake;
const drive = createFakeDrive();

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  database = await createTestDatabase('crash_connector_sync');
  dataDir = mkdtempSync(join(tmpdir(), 'crash-connector-sync-'));
});
afterAll(async () => {
  drive.release();
  await google?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function syncWorkflowId() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const rows = (await client.query<{ id: string }>("select workflow_uuid as id from dbos.workflow_status where workflow_uuid like 'connector-sync-%'")).rows;
    return rows[0]?.id;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

async function connectDrive(server: ServerProcess, b: Browser) {
  const started = await b.get('/rest/connectors/google_drive/connect');
  expect(started.status, started.text).toBe(200);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  const back = await b.get(callback.replace(server.url, ''));
  expect(new URL(back.headers.get('location') ?? '').searchParams.get('connected')).toBe('google_drive');
}

test('a SIGKILL in the middle of a folder walk resumes at the last checkpoint after a restart, every file indexed once', { timeout: 120_000 }, async () => {
  drive.put({ id: 'farm', name: 'Farm', mimeType: FOLDER, parents: ['my-drive'] });
  drive.put({ id: 'barn', name: 'barn.txt', mimeType: 'text/plain', parents: ['farm'], content: 'The barn holds hay for winter.' });
  for (const field of ['field-a', 'field-b', 'field-c']) {
    drive.put({ id: field, name: field, mimeType: FOLDER, parents: ['farm'] });
    drive.put({ id: `${field}-notes`, name: `${field}.txt`, mimeType: 'text/plain', parents: [field], content: `Crop rotation notes for ${field}.` });
  }
  // The walk lists Farm, then field-a, field-b and field-c: the third listing is held.
  drive.state.holdListCall = 3;
  const env = {
    DATA_DIR: dataDir,
    CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
    CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    CONNECTOR_GOOGLE_BASE_URL: google.url,
  };
  const first = await startServerProcess({ databaseUrl: database.url, env });
  let workflowId: string;
  let recoveriesAtCrash: number;
  try {
    const ada = await signedUp(first.url, 'Ada');
    await connectDrive(first, ada);
    const picked = await ada.post('/rest/connectors/google_drive/files', { folder_ids: ['farm'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    await expect.poll(() => drive.state.calls.list, { timeout: 30_000, interval: 50 }).toBe(3);
    workflowId = (await syncWorkflowId()) ?? '';
    const steps = (await workflowSteps(database.url, workflowId)).map((s) => s.name);
    expect(steps.filter((s) => s.startsWith('list-'))).toHaveLength(2);
    recoveriesAtCrash = (await workflowStatus(database.url, workflowId))?.recoveryAttempts ?? 0;
  } catch (err) {
    await first.stop('SIGKILL');
    throw err;
  }
  await killHard(first);
  drive.release();
  const restarted = await startServerProcess({ databaseUrl: database.url, env });
  try {
    const status = await waitUntilFinished(database.url, workflowId, 60_000);
    expect(status.status).toBe('SUCCESS');
    expect(status.recoveryAttempts).toBeGreaterThan(recoveriesAtCrash);
    // Farm and field-a were walked once; field-b's page was asked again (its answer died with the server); field-c once.
    const full = drive.state.listings.filter((l) => !l.slim).map((l) => l.parent);
    expect(full.filter((p) => p === 'farm')).toHaveLength(1);
    expect(full.filter((p) => p === 'field-a')).toHaveLength(1);
    expect(full.filter((p) => p === 'field-b')).toHaveLength(2);
    expect(full.filter((p) => p === 'field-c')).toHaveLength(1);
    // Every file indexed once into My Files.
    const rows = await filesOfRepository();
    expect(rows.sort()).toEqual(['barn.txt', 'field-a.txt', 'field-b.txt', 'field-c.txt']);
  } finally {
    await restarted.stop();
  }
});

/** The files as the files read model holds them. */
async function filesOfRepository() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<{ filename: string }>('select filename from files')).rows.map((r) => r.filename);
  } finally {
    await client.end();
  }
}
