// A connection's removal survives a hard crash: a Drive connection with 400 synced items, removed
// 20 a step (CONNECTOR_REMOVAL_BATCH), is disconnected, and the server is killed with SIGKILL once
// the removal has finished its first batch. Restarted on the same database and data folder, the workflow goes on from the batch it
// was in: nothing is left behind (no item, no file) and nothing is removed twice (one removal per
// item, one deletion per file, though the batch cut short ran again). And a disconnection whose
// removal was never queued (the server killed between the event's commit and the queueing) is
// found by the sweep at start-up and removed under the id the request would have used.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projections } from '../services/app/projections.js';
import { connectionStream, evolveConnection, NO_CONNECTION } from '../services/connectors/events.js';
import { EventStore } from '../services/eventstore/store.js';
import { createFakeDrive } from '../tests/fakes/oauth/google-drive.js';
import { type OAuthFake, startOAuthFake } from '../tests/fakes/oauth/provider.js';
import { seedSyncedItems } from '../tests/support/connector-seed.js';
import { killHard, waitUntilFinished, workflowStatus, workflowSteps } from '../tests/support/crash.js';
import { connectThroughFake } from '../tests/support/connector-connect.js';
import { createTestDatabase, queryRows, testDb } from '../tests/support/database.js';
import { Browser } from '../tests/support/http.js';
import { signedUp } from '../tests/support/people.js';
import { type ServerProcess, startServerProcess } from '../tests/support/server-process.js';

const CLIENT = { clientId: 'drive-removal-crash-client', clientSecret: 'drive-removal-crash-secret-8765' };
const SEEDED = 400;
const FILE_EVERY = 4;
/** Twenty batches: the kill lands long before the last. */
const BATCH = 20;
let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let google: OAuthFake;
const drive = createFakeDrive();
const servers: ServerProcess[] = [];

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  database = await createTestDatabase('crash_connector_removal');
  dataDir = mkdtempSync(join(tmpdir(), 'crash-connector-removal-'));
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await google?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  // Before the removal starts DBOS's tables may not hold it yet.
  return queryRows<R>(database.url, text, values).catch((err) => {
    if ((err as { code?: string }).code === '42P01') return [] as R[];
    throw err;
  });
}

async function serve() {
  const env = {
    DATA_DIR: dataDir,
    CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
    CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    CONNECTOR_GOOGLE_BASE_URL: google.url,
    CONNECTOR_REMOVAL_BATCH: String(BATCH),
  };
  const server = await startServerProcess({ databaseUrl: database.url, env });
  servers.push(server);
  return server;
}

const count = async (text: string, values: unknown[] = []) => Number((await rows<{ n: string }>(text, values))[0]?.n ?? 0);

test('a SIGKILL in the middle of a removal: after a restart it finishes, nothing left behind and nothing removed twice', { timeout: 150_000 }, async () => {
  const first = await serve();
  const ida = await signedUp(first.url, 'Ida');
  expect((await connectThroughFake(ida, first.url, 'google_drive')).searchParams.get('connected')).toBe('google_drive');
  const [{ connection_uuid: connection, owner_user_id: userId }] = await rows<{ connection_uuid: string; owner_user_id: string }>(
    'select connection_uuid, owner_user_id from connector_connections',
  );
  const seeded = await seedSyncedItems({ databaseUrl: database.url, dataDir, connectionUuid: connection, userId, count: SEEDED, fileEvery: FILE_EVERY });
  expect(seeded.files).toHaveLength(SEEDED / FILE_EVERY);

  expect((await ida.get('/rest/connectors/google_drive/disconnect')).status).toBe(200);
  let workflowId = '';
  await expect
    .poll(
      async () => {
        workflowId =
          (await rows<{ id: string }>("select workflow_uuid as id from dbos.workflow_status where workflow_uuid like 'connector-removal-%'"))[0]?.id ?? '';
        return workflowId !== '' && (await workflowSteps(database.url, workflowId)).some((s) => s.name === 'items-0');
      },
      { timeout: 30_000, interval: 20 },
    )
    .toBe(true);
  await killHard(first);
  const stepsAtCrash = (await workflowSteps(database.url, workflowId)).map((s) => s.name);
  const recoveriesAtCrash = (await workflowStatus(database.url, workflowId))?.recoveryAttempts ?? 0;
  const leftAtCrash = await count('select count(*) as n from connector_items where connection_uuid = $1', [connection]);
  // Midway: a batch done, others not.
  expect(stepsAtCrash).not.toContain('forget-cursor');
  expect(leftAtCrash).toBeGreaterThan(0);
  expect(leftAtCrash).toBeLessThan(SEEDED);

  await serve();
  const status = await waitUntilFinished(database.url, workflowId, 90_000);
  expect(status.status).toBe('SUCCESS');
  expect(status.recoveryAttempts).toBeGreaterThan(recoveriesAtCrash);
  // Nothing left behind.
  expect(await count('select count(*) as n from connector_items where connection_uuid = $1', [connection])).toBe(0);
  expect(await count('select count(*) as n from files where file_uuid = any($1)', [seeded.files])).toBe(0);
  // Nothing removed twice.
  expect(await count("select count(*) as n from events where type = 'ConnectorItemRemoved' and data->>'item_uuid' = any($1)", [seeded.items])).toBe(SEEDED);
  expect(await count("select count(distinct data->>'item_uuid') as n from events where type = 'ConnectorItemRemoved'")).toBe(SEEDED);
  expect(await count("select count(*) as n from events where type = 'FileDeleted' and data->>'file_uuid' = any($1)", [seeded.files])).toBe(SEEDED / FILE_EVERY);
  expect(await count("select count(distinct data->>'file_uuid') as n from events where type = 'FileDeleted'")).toBe(SEEDED / FILE_EVERY);
});

test('a disconnection committed but never queued (killed in between) is removed after the restart, once', { timeout: 150_000 }, async () => {
  const running = servers[servers.length - 1];
  const jo = await signedUp(running.url, 'Jo');
  expect((await connectThroughFake(jo, running.url, 'google_drive')).searchParams.get('connected')).toBe('google_drive');
  const [{ connection_uuid: connection, owner_user_id: userId }] = await rows<{ connection_uuid: string; owner_user_id: string }>(
    'select connection_uuid, owner_user_id from connector_connections where status = $1',
    ['connected'],
  );
  const seeded = await seedSyncedItems({ databaseUrl: database.url, dataDir, connectionUuid: connection, userId, count: 40, fileEvery: FILE_EVERY });
  await killHard(running);
  // What the disconnect request's transaction commits (the event, the tokens gone), with the server dead before it queued the removal.
  const db = testDb(database.url, 2);
  const store = new EventStore(db, projections);
  const stream = connectionStream(connection);
  try {
    await db.transaction().execute(async (trx) => {
      const { version } = await store.aggregate(stream, NO_CONNECTION, evolveConnection, trx);
      await store.append(
        stream,
        version,
        [
          {
            type: 'ConnectionDisconnected',
            data: { connection_uuid: connection, by_user_id: userId, reason: 'by_person', disconnected_at: new Date().toISOString() },
          },
        ],
        trx,
      );
    });
  } finally {
    await db.destroy();
  }
  await queryRows(database.url, 'delete from connector_credentials where connection_uuid = $1', [connection]);
  const removal = `connector-removal-${connection}-disconnect-2`;
  expect(await workflowStatus(database.url, removal)).toBeUndefined();

  const restarted = await serve();
  expect((await waitUntilFinished(database.url, removal, 90_000)).status).toBe('SUCCESS');
  expect(await count('select count(*) as n from connector_items where connection_uuid = $1', [connection])).toBe(0);
  expect(await count('select count(*) as n from files where file_uuid = any($1)', [seeded.files])).toBe(0);
  expect(await count("select count(*) as n from events where type = 'FileDeleted' and data->>'file_uuid' = any($1)", [seeded.files])).toBe(seeded.files.length);
  // The request's own name: disconnecting again (the same disconnection) finds it, and starts no second removal.
  const joAgain = new Browser(restarted.url);
  for (const [name, value] of jo.cookies) joAgain.cookies.set(name, value);
  expect((await joAgain.get('/rest/connectors/google_drive/disconnect')).status).toBe(200);
  expect(await rows('select workflow_uuid from dbos.workflow_status where workflow_uuid like $1', [`connector-removal-${connection}-%`])).toEqual([
    { workflow_uuid: removal },
  ]);
  expect(restarted.logs()).not.toContain('could not be swept');
});
