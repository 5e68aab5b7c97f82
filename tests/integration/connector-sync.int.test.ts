// A Google Drive folder synced end to end through the app's spec'd calls, against fakes of
// Google's OAuth server and Drive API on 127.0.0.1: the picked folder walked (a subfolder and a
// shared drive's files included, other types left out), every file fetched and indexed into My
// Files, each item through QUEUED and SYNCING to READY; an answer cites a synced file; a 429 storm
// is waited out and shows as RATE_LIMITED; a file gone at the source ends in SYNC_ERROR with its
// reason; a stranger sees none of it. A picked item is named as the source names it at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeDrive, FOLDER } from '../fakes/oauth/google-drive.js';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { askStream, signedUp, visitor } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

const CLIENT = { clientId: 'drive-sync-client', clientSecret: 'drive-sync-secret-0987' };
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let google: OAuthFake;
const drive = createFakeDrive();

beforeAll(async () => {
  drive.put({ id: 'hive', name: 'Hive notes', mimeType: FOLDER, parents: ['my-drive'] });
  drive.put({
    id: 'varroa',
    name: 'varroa.md',
    mimeType: 'text/markdown',
    parents: ['hive'],
    content: '# Varroa\n\nTreat varroa mites with oxalic acid in broodless winter weeks.',
  });
  drive.put({ id: 'queens', name: 'queens.txt', mimeType: 'text/plain', parents: ['hive'], content: 'A marked queen is easier to find in a busy colony.' });
  drive.put({ id: 'photo', name: 'photo.gif', mimeType: 'image/gif', parents: ['hive'], content: 'GIF89a' });
  drive.put({ id: 'sub', name: 'Swarms', mimeType: FOLDER, parents: ['hive'] });
  drive.put({
    id: 'swarm',
    name: 'swarm.txt',
    mimeType: 'text/plain',
    parents: ['sub'],
    content: 'Swarm cells along the bottom bars mean the colony will swarm soon.',
    driveId: 'team',
  });
  drive.put({ id: 'gone', name: 'gone.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'soon removed' });
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  database = await createTestDatabase('connector_sync');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_GOOGLE_BASE_URL: google.url,
      SIGN_IN_RATE_LIMIT: '1000',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await google?.close();
  await database?.drop();
});

const MY_FILES = { file_repository_type: 'USER' } as const;
type ConnectorFile = { uuid: string; name: string; type: string; status: string; error: string | null; parent_uuids: string[]; file_uuid: string | null };

async function connectDrive(b: Browser) {
  const started = await b.get('/rest/connectors/google_drive/connect');
  expect(started.status, started.text).toBe(200);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  const back = await b.get(callback.replace(server.url, ''));
  expect(new URL(back.headers.get('location') ?? '').searchParams.get('connected')).toBe('google_drive');
}

async function listed(b: Browser, filters: Record<string, unknown> = {}): Promise<ConnectorFile[]> {
  const res = await b.post('/rest/connectors/files/list', { file_repository_info: MY_FILES, filters });
  expect(res.status, res.text).toBe(200);
  return res.json.files;
}

async function until(b: Browser, done: (files: ConnectorFile[]) => boolean) {
  await expect.poll(async () => done(await listed(b)), { timeout: 60_000, interval: 250 }).toBe(true);
  return listed(b);
}

const problem = (res: Sent, status: number, code: string) => expect([res.status, res.json?.code], res.text).toEqual([status, code]);

describe('syncing a Google Drive folder', () => {
  test('the folder is walked, its files indexed into My Files and READY, and an answer cites one', { timeout: 120_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    await connectDrive(ada);
    const picked = await ada.post('/rest/connectors/google_drive/files', { folder_ids: ['hive'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    expect(picked.json.files).toEqual([expect.objectContaining({ name: 'Hive notes', type: 'FOLDER', status: 'RECEIVED', connection_type: 'google_drive' })]);

    const files = await until(ada, (fs) => fs.length === 5 && fs.every((f) => f.status === 'READY'));
    const byName = Object.fromEntries(files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['Hive notes', 'Swarms', 'queens.txt', 'swarm.txt', 'varroa.md']);
    expect(byName['swarm.txt'].parent_uuids).toEqual([byName.Swarms.uuid]);
    expect(byName['varroa.md'].parent_uuids).toEqual([byName['Hive notes'].uuid]);
    expect(byName['varroa.md'].file_uuid).toMatch(/^[0-9a-f-]{36}$/);
    // The filters of the seed's connector file filter.
    expect((await listed(ada, { root_files_only: true })).map((f) => f.name)).toEqual(['Hive notes']);
    expect((await listed(ada, { parent_uuids: [byName.Swarms.uuid] })).map((f) => f.name)).toEqual(['swarm.txt']);
    expect((await listed(ada, { search_keyword: 'QUEEN' })).map((f) => f.name)).toEqual(['queens.txt']);
    expect((await listed(ada, { file_types: ['FOLDER'] })).map((f) => f.name).sort()).toEqual(['Hive notes', 'Swarms']);

    // The synced files are My Files' files, indexed.
    await expect
      .poll(
        async () =>
          (await ada.post('/rest/file-repository/list-files', { file_repository_info: MY_FILES })).json.files
            .map((f: { filename: string; file_state: string }) => `${f.filename}:${f.file_state}`)
            .sort(),
        {
          timeout: 60_000,
        },
      )
      .toEqual(['queens.txt:COMPLETE', 'swarm.txt:COMPLETE', 'varroa.md:COMPLETE']);
    // The corpus statistics follow the index within a moment (they are folded off the file's transaction).
    const cites = async () => {
      const events = await collect(await askStream(server.url, ada, { query_str: 'How are varroa mites treated?', search_mode: 'auto' }));
      const sources = events.find((e) => e.event === 'sources')?.data.sources as { meta_data: { file_uuid?: string } }[];
      return sources.some((s) => s.meta_data.file_uuid === byName['varroa.md'].file_uuid);
    };
    await expect.poll(cites, { timeout: 30_000, interval: 1000 }).toBe(true);

    // A stranger sees none of it.
    const eve = await signedUp(server.url, 'Eve');
    expect(await listed(eve)).toEqual([]);
  });

  test('a 429 storm is waited out as Google asks, and a file gone at the source ends in SYNC_ERROR with its reason', { timeout: 120_000 }, async () => {
    const bo = await signedUp(server.url, 'Bo');
    await connectDrive(bo);
    drive.state.retryAfterSeconds = 2;
    drive.state.rateLimitNext = 3;
    const picked = await bo.post('/rest/connectors/google_drive/files', { file_ids: ['queens', 'gone'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    // While Google asks to wait, the picked items show as RATE_LIMITED.
    await expect.poll(async () => (await listed(bo)).some((f) => f.status === 'RATE_LIMITED'), { timeout: 30_000, interval: 100 }).toBe(true);
    drive.remove('gone');
    const files = await until(bo, (fs) => fs.length === 2 && fs.every((f) => f.status === 'READY' || f.status === 'SYNC_ERROR'));
    expect(files.find((f) => f.name === 'queens.txt')?.status).toBe('READY');
    expect(files.find((f) => f.name === 'gone')).toMatchObject({ status: 'SYNC_ERROR', error: 'It is no longer at the source, or no longer shared with you.' });
    expect(drive.state.rateLimitNext).toBe(0);
  });

  test('picking needs a connection, a file connector and a repository one may add to', async () => {
    const cy = await signedUp(server.url, 'Cy');
    problem(await cy.post('/rest/connectors/google_drive/files', { file_ids: ['varroa'], file_repository_info: MY_FILES }), 404, 'connection_not_found');
    await connectDrive(cy);
    problem(await cy.post('/rest/connectors/google_drive/files', { file_repository_info: MY_FILES }), 400, 'nothing_picked');
    // Named as the source names them at once (a folder picked as a file is a folder); an id the source does not know keeps its id until the sync says why.
    const picked = await cy.post('/rest/connectors/google_drive/files', { file_ids: ['queens', 'sub', 'no-such-id'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    expect(picked.json.files.map((f: ConnectorFile) => [f.name, f.type, f.status]).sort()).toEqual([
      ['Swarms', 'FOLDER', 'RECEIVED'],
      ['no-such-id', 'FILE', 'RECEIVED'],
      ['queens.txt', 'FILE', 'RECEIVED'],
    ]);
    expect((await listed(cy, { search_keyword: 'queens' })).map((f) => f.name)).toEqual(['queens.txt']);
    problem(await cy.post('/rest/connectors/notion/files', { file_ids: ['x'], file_repository_info: MY_FILES }), 400, 'not_a_file_connector');
    problem(await cy.post('/rest/connectors/dropbox/files', { file_ids: ['x'], file_repository_info: MY_FILES }), 503, 'connector_not_configured');
    problem(
      await cy.post('/rest/connectors/google_drive/files', { file_ids: ['x'], file_repository_info: { file_repository_type: 'ORG' } }),
      403,
      'enterprise_only',
    );
    const anon = await visitor(server.url);
    problem(await anon.post('/rest/connectors/google_drive/files', { file_ids: ['x'], file_repository_info: MY_FILES }), 401, 'unauthenticated');
    problem(await anon.post('/rest/connectors/files/list', { file_repository_info: MY_FILES }), 401, 'unauthenticated');
  });
});
