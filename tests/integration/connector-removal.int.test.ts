// A Drive connection with a few hundred synced items, disconnected: the call answers at once (its
// items leave the connector files table at once), and a durable workflow removes everything it
// synced in bounded batches: every file deleted once (the indexed ones' passages with them), every
// item removed once, nothing left. Two files are synced through the Drive fake (indexed, so their
// passages show); the hundreds are recorded as their syncs would have (tests/support/connector-seed.ts),
// their files indexed by the server while the removal runs. A sync under way at the disconnect is
// waited for, and what it still records is removed too; meanwhile, from the moment of the disconnect,
// the connection's files are withheld: not listed, opened, downloaded or found by answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createFakeDrive } from '../fakes/oauth/google-drive.js';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { seedSyncedItems } from '../support/connector-seed.js';
import { waitUntilFinished, workflowSteps } from '../support/crash.js';
import { connectThroughFake } from '../support/connector-connect.js';
import { createTestDatabase, queryRows } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp } from '../support/people.js';
import { collect } from '../support/sse.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const CLIENT = { clientId: 'drive-removal-client', clientSecret: 'drive-removal-secret-4321' };
const MY_FILES = { file_repository_type: 'USER' } as const;
/** Items recorded at once: 300, 60 of them files, removed 40 a step (CONNECTOR_REMOVAL_BATCH): eight batches. */
const SEEDED = 300;
const FILE_EVERY = 5;
const BATCH = 40;
let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let server: ServerProcess;
let google: OAuthFake;
const drive = createFakeDrive();

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  database = await createTestDatabase('connector_removal');
  dataDir = mkdtempSync(join(tmpdir(), 'connector-removal-'));
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      DATA_DIR: dataDir,
      CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_GOOGLE_BASE_URL: google.url,
      CONNECTOR_REMOVAL_BATCH: String(BATCH),
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await google?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => queryRows<R>(database.url, text, values);

const listed = async (b: Browser) =>
  (await b.post('/rest/connectors/files/list', { file_repository_info: MY_FILES })).json.files as { file_uuid: string | null }[];

test(`disconnecting a connection with ${SEEDED} synced items answers at once; a workflow removes them all in batches, each once`, {
  timeout: 120_000,
}, async () => {
  drive.put({ id: 'comb', name: 'comb.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Drawn comb is stored in a freezer against wax moth.' });
  drive.put({ id: 'smoke', name: 'smoke.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Cool smoke from pine needles calms the colony.' });
  const ida = await signedUp(server.url, 'Ida');
  expect((await connectThroughFake(ida, server.url, 'google_drive')).searchParams.get('connected')).toBe('google_drive');
  expect((await ida.post('/rest/connectors/google_drive/files', { file_ids: ['comb', 'smoke'], file_repository_info: MY_FILES })).status).toBe(202);
  const [{ connection_uuid: connection, owner_user_id: userId }] = await rows<{ connection_uuid: string; owner_user_id: string }>(
    'select connection_uuid, owner_user_id from connector_connections order by established_at desc limit 1',
  );
  // The two synced files indexed: their passages are there.
  let synced: string[] = [];
  await expect
    .poll(
      async () => {
        synced = (await listed(ida)).flatMap((f) => (f.file_uuid ? [f.file_uuid] : []));
        return synced.length === 2 && Number((await rows('select count(distinct file_uuid) as n from passages where file_uuid = any($1)', [synced]))[0].n);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(2);
  const seeded = await seedSyncedItems({ databaseUrl: database.url, dataDir, connectionUuid: connection, userId, count: SEEDED, fileEvery: FILE_EVERY });
  const files = [...synced, ...seeded.files];

  const off = await ida.get('/rest/connectors/google_drive/disconnect');
  expect(off.status, off.text).toBe(200);
  expect(off.json.connected).toBe(false);
  expect(await listed(ida)).toEqual([]);

  const [{ workflow_uuid: workflowId }] = await rows<{ workflow_uuid: string }>('select workflow_uuid from dbos.workflow_status where workflow_uuid like $1', [
    `connector-removal-${connection}-%`,
  ]);
  expect((await waitUntilFinished(database.url, workflowId, 90_000)).status).toBe('SUCCESS');
  // Nothing left behind: no item, no file, no passage, no stored copy.
  expect(await rows('select item_uuid from connector_items where connection_uuid = $1', [connection])).toEqual([]);
  expect(await rows('select file_uuid from files where file_uuid = any($1)', [files])).toEqual([]);
  expect(await rows('select id from passages where file_uuid = any($1)', [synced])).toEqual([]);
  // Nor anything to withhold: the rows every search and listing reads go once the removal is done.
  const withheld = async () => [
    ...(await rows('select origin from passage_withheld_origins where origin = $1', [connection])),
    ...(await rows('select connection_uuid from file_withheld_connections where connection_uuid = $1', [connection])),
  ];
  await expect.poll(withheld, { timeout: 10_000 }).toEqual([]);
  // Nothing removed twice: one removal per item and one deletion per file.
  const once = async (type: string, key: string, ids: string[]) =>
    rows<{ n: string }>(`select count(*) as n from events where type = $1 and data->>'${key}' = any($2) group by data->>'${key}' having count(*) <> 1`, [
      type,
      ids,
    ]);
  expect(await once('FileDeleted', 'file_uuid', files)).toEqual([]);
  const [{ n: removed }] = await rows<{ n: string }>("select count(*) as n from events where type = 'ConnectorItemRemoved'");
  const [{ n: deleted }] = await rows<{ n: string }>("select count(*) as n from events where type = 'FileDeleted' and data->>'file_uuid' = any($1)", [files]);
  expect([Number(removed), Number(deleted)]).toEqual([SEEDED + 2, SEEDED / FILE_EVERY + 2]);
  expect(await once('ConnectorItemRemoved', 'item_uuid', seeded.items)).toEqual([]);
  // Bounded batches: none took more than a batch, the last took what was left.
  const batches = (await workflowSteps(database.url, workflowId))
    .filter((s) => s.name.startsWith('items-'))
    .map((s) => JSON.parse(s.output ?? '{}').json as { removed: number; done: boolean });
  expect(batches.length).toBeGreaterThanOrEqual(Math.ceil((SEEDED + 2) / BATCH));
  expect(batches.every((b) => b.removed <= BATCH)).toBe(true);
  expect(batches.map((b) => b.done)).toEqual([...batches.slice(1).map(() => false), true]);
});

/** The file uuids an answer to `question` cites. */
async function cited(b: Browser, question: string) {
  const events = await collect(await askStream(server.url, b, { query_str: question, search_mode: 'auto' }));
  const sources = (events.find((e) => e.event === 'sources')?.data.sources ?? []) as { meta_data?: { file_uuid?: string } }[];
  return sources.flatMap((s) => (s.meta_data?.file_uuid ? [s.meta_data.file_uuid] : []));
}
const filesListed = async (b: Browser) =>
  ((await b.post('/rest/file-repository/list-files', { file_repository_info: MY_FILES })).json.files as { file_uuid: string; file_s3_url: string }[]) ?? [];

test('a sync under way when the connection is disconnected is waited for: what it still records is removed too; its files are withheld from the moment of the disconnect', {
  timeout: 90_000,
}, async () => {
  drive.put({ id: 'orchard', name: 'Orchard', mimeType: 'application/vnd.google-apps.folder', parents: ['my-drive'] });
  drive.put({ id: 'pruning', name: 'pruning.txt', mimeType: 'text/plain', parents: ['orchard'], content: 'Apple trees are pruned in late winter.' });
  drive.put({ id: 'cider', name: 'cider.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Perry pears ferment into cider in oak casks.' });
  const jo = await signedUp(server.url, 'Jo');
  await connectThroughFake(jo, server.url, 'google_drive');
  // A file synced and indexed first: listed, opened and cited.
  expect((await jo.post('/rest/connectors/google_drive/files', { file_ids: ['cider'], file_repository_info: MY_FILES })).status).toBe(202);
  let cider = { file_uuid: '', file_s3_url: '' };
  await expect
    .poll(
      async () => {
        cider = (await filesListed(jo))[0] ?? cider;
        return cider.file_uuid !== '' && (await cited(jo, 'How do perry pears ferment into cider?')).includes(cider.file_uuid);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  // The folder's listing is held: the sync is under way, its items not yet recorded, when the connection is disconnected.
  const listedBefore = drive.state.calls.list;
  drive.state.holdListCall = listedBefore + 1;
  expect((await jo.post('/rest/connectors/google_drive/files', { folder_ids: ['orchard'], file_repository_info: MY_FILES })).status).toBe(202);
  await expect.poll(() => drive.state.calls.list, { timeout: 30_000, interval: 50 }).toBe(listedBefore + 1);
  const [{ connection_uuid: connection }] = await rows<{ connection_uuid: string }>(
    'select connection_uuid from connector_connections order by established_at desc limit 1',
  );
  expect((await jo.get('/rest/connectors/google_drive/disconnect')).status).toBe(200);
  // At once, though the removal waits for the sync and has deleted nothing yet: the file is neither
  // listed, opened, downloaded nor found by an answer.
  expect(await filesListed(jo)).toEqual([]);
  expect((await jo.get(`/rest/file-repository/files/${cider.file_uuid}`)).status).toBe(404);
  expect((await jo.post('/rest/file-repository/download', { file_url: cider.file_s3_url, view_mode: false })).status).toBe(404);
  expect(await cited(jo, 'How do perry pears ferment into cider?')).not.toContain(cider.file_uuid);
  expect(await rows('select file_uuid from files where file_uuid = $1', [cider.file_uuid])).toHaveLength(1);
  expect(Number((await rows<{ n: string }>('select count(*) as n from passages where file_uuid = $1', [cider.file_uuid]))[0].n)).toBeGreaterThan(0);
  let removal = '';
  await expect
    .poll(
      async () => {
        removal =
          (
            await rows<{ id: string }>('select workflow_uuid as id from dbos.workflow_status where workflow_uuid like $1', [
              `connector-removal-${connection}-%`,
            ])
          )[0]?.id ?? '';
        return removal && (await workflowSteps(database.url, removal)).find((s) => s.name === 'syncs-under-way')?.output;
      },
      { timeout: 30_000, interval: 50 },
    )
    .toContain(`connector-sync-${connection}-`);
  // The listing answers now: the sync records the folder's items, then finds the connection gone.
  drive.state.holdListCall = 0;
  drive.release();
  expect((await waitUntilFinished(database.url, removal, 60_000)).status).toBe('SUCCESS');
  const sync = (await rows<{ status: string }>('select status from dbos.workflow_status where workflow_uuid like $1', [`connector-sync-${connection}-%`]))[0];
  expect(sync.status).toBe('SUCCESS');
  expect(await rows('select item_uuid from connector_items where connection_uuid = $1', [connection])).toEqual([]);
  // The file the held listing brought in was recorded after the disconnect, and removed with the rest.
  const pruning = await rows<{ item: string }>(
    "select data->>'item_uuid' as item from events where type = 'ConnectorItemFound' and data->>'connection_uuid' = $1 and data->>'remote_id' = 'pruning'",
    [connection],
  );
  expect(pruning).toHaveLength(1);
  expect(await rows("select 1 from events where type = 'ConnectorItemRemoved' and data->>'item_uuid' = $1", [pruning[0].item])).toHaveLength(1);
  expect(await rows('select file_uuid from files where file_uuid = $1', [cider.file_uuid])).toEqual([]);
  // Disconnecting again is the same disconnection: the same removal, not a second one.
  expect((await jo.get('/rest/connectors/google_drive/disconnect')).status).toBe(200);
  expect(await rows('select workflow_uuid from dbos.workflow_status where workflow_uuid like $1', [`connector-removal-${connection}-%`])).toEqual([
    { workflow_uuid: removal },
  ]);
});
