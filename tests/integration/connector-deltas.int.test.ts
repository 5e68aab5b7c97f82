// A Google Drive connection after its first sync, end to end through the app's spec'd calls against
// fakes of Google's OAuth server and Drive API on 127.0.0.1: a delta (on demand, and on its
// schedule) re-indexes a changed file, adds a new one under the picked folder and removes one
// deleted at the source, with at most two Drive calls per changed file; a resync shows
// EVALUATING_RESYNC then READY; a 429 storm in a delta loses and doubles nothing; a token expiring
// mid-sync is refreshed; malformed and oversized data end in SYNC_ERROR with a reason; the plan's
// file limit stops a sync with its message; disconnecting takes the synced files out of answers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeDrive, FOLDER } from '../fakes/oauth/google-drive.js';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const CLIENT = { clientId: 'drive-delta-client', clientSecret: 'drive-delta-secret-1234' };
/** The plan's file limit per repository here: small, so one test reaches it. */
const PER_REPOSITORY = 6;
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let google: OAuthFake;
const drive = createFakeDrive();

beforeAll(async () => {
  google = await startOAuthFake({ family: 'google', ...CLIENT, api: drive.api });
  database = await createTestDatabase('connector_deltas');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      CONNECTOR_GOOGLE_CLIENT_ID: CLIENT.clientId,
      CONNECTOR_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
      CONNECTOR_GOOGLE_BASE_URL: google.url,
      CONNECTOR_DELTA_INTERVAL_SECONDS: '10',
      FILE_MAX_MB: '1',
      FILE_LIMITS: `free=${PER_REPOSITORY}/100`,
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

async function listed(b: Browser): Promise<ConnectorFile[]> {
  const res = await b.post('/rest/connectors/files/list', { file_repository_info: MY_FILES });
  expect(res.status, res.text).toBe(200);
  return res.json.files;
}
const byName = (files: ConnectorFile[]) => Object.fromEntries(files.map((f) => [f.name, f]));

async function until(b: Browser, done: (files: Record<string, ConnectorFile>) => boolean, timeout = 60_000) {
  await expect.poll(async () => done(byName(await listed(b))), { timeout, interval: 250 }).toBe(true);
  return byName(await listed(b));
}

/** My Files as files lists them: `name:state`, sorted. */
async function myFiles(b: Browser): Promise<string[]> {
  const res = await b.post('/rest/file-repository/list-files', { file_repository_info: MY_FILES });
  expect(res.status, res.text).toBe(200);
  return res.json.files.map((f: { filename: string; file_state: string }) => `${f.filename}:${f.file_state}`).sort();
}

async function passagesOf(b: Browser, fileUuid: string): Promise<string> {
  const res = await b.get(`/rest/file-repository/files/${fileUuid}`);
  if (res.status !== 200) return '';
  return res.json.passages.map((p: { content: string }) => p.content).join('\n');
}

/** A delta on demand: a resync that names no item. */
async function deltaNow(b: Browser) {
  const res = await b.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { remote_file_ids: ['no-such-item'] } });
  expect(res.status, res.text).toBe(202);
}

const allReady = (n: number) => (fs: Record<string, ConnectorFile>) => Object.keys(fs).length === n && Object.values(fs).every((f) => f.status === 'READY');

describe('a Drive connection after its first sync', () => {
  test('a delta re-indexes a changed file, adds a new one under the picked folder and removes a deleted one, at most two calls per change', {
    timeout: 180_000,
  }, async () => {
    drive.put({ id: 'garden', name: 'Garden', mimeType: FOLDER, parents: ['my-drive'] });
    drive.put({ id: 'beds', name: 'Beds', mimeType: FOLDER, parents: ['garden'] });
    drive.put({ id: 'tomato', name: 'tomato.txt', mimeType: 'text/plain', parents: ['garden'], content: 'Tomatoes want full sun and deep watering.' });
    drive.put({ id: 'bean', name: 'bean.txt', mimeType: 'text/plain', parents: ['garden'], content: 'Runner beans climb poles.' });
    drive.put({ id: 'leek', name: 'leek.txt', mimeType: 'text/plain', parents: ['beds'], content: 'Leeks are earthed up in autumn.' });
    const ada = await signedUp(server.url, 'Ada');
    await connectDrive(ada);
    const picked = await ada.post('/rest/connectors/google_drive/files', { folder_ids: ['garden'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    const first = await until(ada, allReady(5));
    await expect.poll(() => myFiles(ada), { timeout: 60_000 }).toEqual(['bean.txt:COMPLETE', 'leek.txt:COMPLETE', 'tomato.txt:COMPLETE']);

    const before = drive.state.total;
    drive.edit('tomato', { content: 'Tomatoes are pinched out weekly, above every truss.' });
    drive.put({ id: 'garlic', name: 'garlic.txt', mimeType: 'text/plain', parents: ['beds'], content: 'Garlic is planted before the shortest day.' });
    drive.remove('bean');
    await deltaNow(ada);
    const after = await until(
      ada,
      (fs) => !fs['bean.txt'] && fs['garlic.txt']?.status === 'READY' && fs['tomato.txt']?.status === 'READY' && Object.keys(fs).length === 5,
    );
    expect(after['garlic.txt'].parent_uuids).toEqual([first.Beds.uuid]);
    // The changed file is the same file of files, indexed again from its new text.
    expect(after['tomato.txt'].file_uuid).toBe(first['tomato.txt'].file_uuid);
    await expect.poll(() => passagesOf(ada, first['tomato.txt'].file_uuid ?? ''), { timeout: 60_000 }).toContain('pinched out weekly');
    // The file removed at the source left My Files (its passages with it).
    await expect.poll(() => myFiles(ada), { timeout: 60_000 }).toEqual(['garlic.txt:COMPLETE', 'leek.txt:COMPLETE', 'tomato.txt:COMPLETE']);
    expect(await passagesOf(ada, first['bean.txt'].file_uuid ?? '')).toBe('');
    // One changes.list page and one download per changed file: within twice the three changes.
    expect(drive.state.total - before).toBeLessThanOrEqual(2 * 3);

    // A 429 storm in the next delta is waited out: nothing lost, nothing doubled.
    drive.state.retryAfterSeconds = 1;
    drive.state.rateLimitNext = 4;
    drive.edit('leek', { content: 'Leeks are earthed up in autumn and lifted in winter.' });
    await deltaNow(ada);
    await expect.poll(() => passagesOf(ada, first['leek.txt'].file_uuid ?? ''), { timeout: 60_000 }).toContain('lifted in winter');
    expect(drive.state.rateLimitNext).toBe(0);
    await until(ada, allReady(5));
    expect(await myFiles(ada)).toEqual(['garlic.txt:COMPLETE', 'leek.txt:COMPLETE', 'tomato.txt:COMPLETE']);

    // Deltas also run on their schedule (every 10 s here): a file moved out of the picked folder leaves.
    drive.edit('garlic', { parents: ['my-drive'] });
    await until(ada, (fs) => !fs['garlic.txt'] && Object.keys(fs).length === 4, 60_000);
    await expect.poll(() => myFiles(ada), { timeout: 60_000 }).toEqual(['leek.txt:COMPLETE', 'tomato.txt:COMPLETE']);
  });

  test('a resync shows EVALUATING_RESYNC, fetches the file again and ends READY; one gone at the source leaves', { timeout: 120_000 }, async () => {
    drive.put({ id: 'plum', name: 'plum.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Plums are pruned in summer.' });
    drive.put({ id: 'pear', name: 'pear.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Pears ripen off the tree.' });
    const bo = await signedUp(server.url, 'Bo');
    await connectDrive(bo);
    expect((await bo.post('/rest/connectors/google_drive/files', { file_ids: ['plum', 'pear'], file_repository_info: MY_FILES })).status).toBe(202);
    const first = await until(bo, allReady(2));
    const media = drive.state.calls.media;
    // Google asks to wait first, so the items are seen waiting for their evaluation.
    drive.state.retryAfterSeconds = 2;
    drive.state.rateLimitNext = 1;
    drive.remove('pear');
    const res = await bo.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { uuids: [first['plum.txt'].uuid, first['pear.txt'].uuid] } });
    expect(res.status, res.text).toBe(202);
    await expect.poll(async () => (await listed(bo)).some((f) => f.status === 'EVALUATING_RESYNC'), { timeout: 30_000, interval: 100 }).toBe(true);
    await until(bo, (fs) => !fs['pear.txt'] && fs['plum.txt']?.status === 'READY');
    expect(drive.state.calls.media).toBeGreaterThan(media);
    await expect.poll(() => myFiles(bo), { timeout: 60_000 }).toEqual(['plum.txt:COMPLETE']);
  });

  test('a token expiring mid-sync is refreshed and the sync goes on', { timeout: 120_000 }, async () => {
    drive.put({ id: 'orchard', name: 'Orchard', mimeType: FOLDER, parents: ['my-drive'] });
    for (const fruit of ['apple', 'cherry', 'quince', 'medlar'])
      drive.put({ id: fruit, name: `${fruit}.txt`, mimeType: 'text/plain', parents: ['orchard'], content: `Notes on the ${fruit} tree.` });
    const cy = await signedUp(server.url, 'Cy');
    await connectDrive(cy);
    const refreshes = google.state.tokenRequests;
    expect((await cy.post('/rest/connectors/google_drive/files', { folder_ids: ['orchard'], file_repository_info: MY_FILES })).status).toBe(202);
    google.expireAll();
    await until(cy, (fs) => Object.values(fs).some((f) => f.type === 'FILE' && f.status === 'READY'));
    google.expireAll();
    await until(cy, allReady(5));
    expect(google.state.tokenRequests).toBeGreaterThan(refreshes);
    await expect
      .poll(() => myFiles(cy), { timeout: 60_000 })
      .toEqual(['apple.txt:COMPLETE', 'cherry.txt:COMPLETE', 'medlar.txt:COMPLETE', 'quince.txt:COMPLETE']);
  });

  test('malformed and oversized provider data end in SYNC_ERROR with a reason', { timeout: 120_000 }, async () => {
    drive.put({ id: 'shed', name: 'Shed', mimeType: FOLDER, parents: ['my-drive'] });
    drive.put({ id: 'spade', name: 'spade.txt', mimeType: 'text/plain', parents: ['shed'], content: 'A spade.' });
    drive.put({ id: 'huge', name: 'huge.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'x'.repeat(1024 * 1024 + 10) });
    drive.put({ id: 'fine', name: 'fine.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'A fine small file.' });
    const dee = await signedUp(server.url, 'Dee');
    await connectDrive(dee);
    drive.state.malformedListNext = 1;
    const picked = await dee.post('/rest/connectors/google_drive/files', { folder_ids: ['shed'], file_ids: ['huge', 'fine'], file_repository_info: MY_FILES });
    expect(picked.status, picked.text).toBe(202);
    const files = await until(dee, (fs) => Object.keys(fs).length === 3 && Object.values(fs).every((f) => f.status === 'READY' || f.status === 'SYNC_ERROR'));
    expect(files.Shed).toMatchObject({
      status: 'SYNC_ERROR',
      error: "The source's listing could not be read: the provider answered with something that is not JSON",
    });
    expect(files['huge.txt']).toMatchObject({ status: 'SYNC_ERROR', error: `the provider's answer is larger than ${1024 * 1024} bytes` });
    expect(files['fine.txt'].status).toBe('READY');
    // A resync of what failed lists the folder again, now that Drive answers properly; the oversized file fails again.
    const media = drive.state.calls.media;
    expect((await dee.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { status: ['FAILED'] } })).status).toBe(202);
    const again = await until(dee, (fs) => fs.Shed?.status === 'READY' && fs['spade.txt']?.status === 'READY' && fs['huge.txt']?.status === 'SYNC_ERROR');
    expect(again['fine.txt'].status).toBe('READY');
    // spade.txt, and huge.txt once more; fine.txt (READY) was not asked about.
    expect(drive.state.calls.media - media).toBe(2);
  });

  test("synced files count toward the plan's file limit: the ones over it end in SYNC_ERROR saying so", { timeout: 120_000 }, async () => {
    drive.put({ id: 'seeds', name: 'Seeds', mimeType: FOLDER, parents: ['my-drive'] });
    for (let i = 1; i <= PER_REPOSITORY + 2; i++)
      drive.put({ id: `seed-${i}`, name: `seed-${i}.txt`, mimeType: 'text/plain', parents: ['seeds'], content: `Seed packet number ${i}.` });
    const eve = await signedUp(server.url, 'Eve');
    await connectDrive(eve);
    expect((await eve.post('/rest/connectors/google_drive/files', { folder_ids: ['seeds'], file_repository_info: MY_FILES })).status).toBe(202);
    const files = await until(
      eve,
      (fs) => Object.keys(fs).length === PER_REPOSITORY + 3 && Object.values(fs).every((f) => f.status === 'READY' || f.status === 'SYNC_ERROR'),
    );
    const failed = Object.values(files).filter((f) => f.status === 'SYNC_ERROR');
    expect(failed.map((f) => f.error)).toEqual([
      `You have reached the file limit of ${PER_REPOSITORY} files per repository.`,
      `You have reached the file limit of ${PER_REPOSITORY} files per repository.`,
    ]);
    expect(await myFiles(eve)).toHaveLength(PER_REPOSITORY);
  });

  test('disconnecting takes the synced files out of My Files and answers; deleting the connection too', { timeout: 120_000 }, async () => {
    drive.put({ id: 'hedge', name: 'hedge.txt', mimeType: 'text/plain', parents: ['my-drive'], content: 'Hawthorn hedges are laid in winter.' });
    const fay = await signedUp(server.url, 'Fay');
    await connectDrive(fay);
    expect((await fay.post('/rest/connectors/google_drive/files', { file_ids: ['hedge'], file_repository_info: MY_FILES })).status).toBe(202);
    const files = await until(fay, allReady(1));
    await expect.poll(() => myFiles(fay), { timeout: 60_000 }).toEqual(['hedge.txt:COMPLETE']);
    const off = await fay.get('/rest/connectors/google_drive/disconnect');
    expect(off.status, off.text).toBe(200);
    // Its items leave the connector files table at once; its files leave My Files and answers as the removal runs.
    expect(await listed(fay)).toEqual([]);
    await expect.poll(() => myFiles(fay), { timeout: 30_000 }).toEqual([]);
    expect(await passagesOf(fay, files['hedge.txt'].file_uuid ?? '')).toBe('');

    // Connected again and synced again, then deleted: the same.
    await connectDrive(fay);
    expect((await fay.post('/rest/connectors/google_drive/files', { file_ids: ['hedge'], file_repository_info: MY_FILES })).status).toBe(202);
    await until(fay, allReady(1));
    await expect.poll(() => myFiles(fay), { timeout: 60_000 }).toEqual(['hedge.txt:COMPLETE']);
    // The same account connected again renews the same connection.
    const deleted = await fay.post(`/rest/connections/${off.json.connection_uuid}/delete`);
    expect(deleted.status, deleted.text).toBeLessThan(300);
    expect(await listed(fay)).toEqual([]);
    await expect.poll(() => myFiles(fay), { timeout: 30_000 }).toEqual([]);
  });

  test('the delta cursor is taken before the first walk: a file edited while the walk runs is fetched again by the next delta', {
    timeout: 120_000,
  }, async () => {
    drive.put({ id: 'pond', name: 'Pond', mimeType: FOLDER, parents: ['my-drive'] });
    drive.put({ id: 'newt', name: 'newt.txt', mimeType: 'text/plain', parents: ['pond'], content: 'Newts breed in spring.' });
    drive.put({ id: 'reeds', name: 'Reeds', mimeType: FOLDER, parents: ['pond'] });
    drive.put({ id: 'reed', name: 'reed.txt', mimeType: 'text/plain', parents: ['reeds'], content: 'Reeds are cut back in late winter.' });
    const gus = await signedUp(server.url, 'Gus');
    await connectDrive(gus);
    // The walk lists Pond, then Reeds: Reeds' listing is held while newt.txt, listed already, is edited.
    const listedBefore = drive.state.calls.list;
    drive.state.holdListCall = listedBefore + 2;
    expect((await gus.post('/rest/connectors/google_drive/files', { folder_ids: ['pond'], file_repository_info: MY_FILES })).status).toBe(202);
    await expect.poll(() => drive.state.calls.list, { timeout: 30_000, interval: 50 }).toBe(listedBefore + 2);
    drive.edit('newt', { content: 'Newts breed in spring and leave the pond in summer.' });
    drive.release();
    await until(gus, allReady(4));
    // newt.txt's own downloads: once by the walk, once more by the delta, whichever delta runs
    // first (the scheduled one may come before this one; a count of every download also moved
    // with other files).
    await deltaNow(gus);
    await expect.poll(() => drive.state.downloads.newt ?? 0, { timeout: 60_000 }).toBe(2);
    await until(gus, allReady(4));
  });
});
