// OneDrive, SharePoint, Dropbox and Box synced end to end through the app's spec'd calls, against
// fakes of each provider's OAuth server and API on 127.0.0.1: for each, a folder picked in the
// picker's browser, walked, its readable files fetched and indexed into My Files, every item READY.
// SharePoint goes through its site selector (the sites a page at a time, a search by name, the
// chosen site's libraries, then a library's folder picked with its drive id). Box's picker key is
// a token downscoped to the picker's scopes. The picker log takes a line. Who may ask what.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeBox } from '../fakes/oauth/box.js';
import { createFakeDropbox } from '../fakes/oauth/dropbox.js';
import { createFakeGraph } from '../fakes/oauth/microsoft-graph.js';
import { type OAuthFake, startOAuthFake } from '../fakes/oauth/provider.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser, Sent } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

const MS = { clientId: 'ms-client', clientSecret: 'ms-secret-value-1234' };
const DBX = { clientId: 'dbx-client', clientSecret: 'dbx-secret-value-1234' };
const BOX = { clientId: 'box-client', clientSecret: 'box-secret-value-1234' };
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let microsoft: OAuthFake;
let dropbox: OAuthFake;
let boxFake: OAuthFake;
const graph = createFakeGraph('drive-1');
const dbx = createFakeDropbox();
const box = createFakeBox();

beforeAll(async () => {
  graph.put({ id: 'drive-root', name: 'root', parent: null, folder: true });
  graph.put({ id: 'garden', name: 'Garden', parent: 'drive-root', folder: true });
  graph.put({
    id: 'roses',
    name: 'roses.md',
    parent: 'garden',
    content: '# Roses\n\nPrune roses in late winter above an outward bud.',
    mimeType: 'text/markdown',
  });
  graph.put({ id: 'snap', name: 'snap.gif', parent: 'garden', content: 'GIF89a', mimeType: 'image/gif' });
  graph.put({ id: 'theirs', name: 'their notes.txt', parent: 'someone-elses', content: 'Water the orchids weekly.', sharedWithMe: true });
  graph.put({ id: 'archive', name: 'Archive', parent: 'drive-root', folder: true });
  for (let i = 0; i < 205; i++) graph.put({ id: `old-${String(i).padStart(3, '0')}`, name: `old ${i}.txt`, parent: 'archive', content: 'old' });
  graph.put({ id: 'policies', name: 'Policies', parent: 'drive-root', folder: true });
  graph.put({ id: 'travel', name: 'travel.txt', parent: 'policies', content: 'Book trains for trips under five hours.' });
  graph.state.sites = Array.from({ length: 105 }, (_, i) => ({
    id: `site-${i}`,
    displayName: i === 7 ? 'Handbook' : `Team ${i}`,
    webUrl: `https://contoso.sharepoint.example/sites/${i}`,
  }));
  graph.state.drives.set('site-7', [{ id: 'drive-1', name: 'Documents' }]);
  dbx.put({ id: 'id:recipes', path: '/Recipes', folder: true });
  dbx.put({ id: 'id:bread', path: '/Recipes/bread.txt', content: 'Let the dough rise twice before baking the bread.' });
  dbx.put({ id: 'id:cakes', path: '/Recipes/Cakes', folder: true });
  dbx.put({ id: 'id:sponge', path: '/Recipes/Cakes/sponge.md', content: 'Fold the flour gently into the sponge batter.' });
  box.put({ id: '0', type: 'folder', name: 'All Files', parent: null, owner: 'person@provider.example' });
  box.put({ id: '10', type: 'folder', name: 'Contracts', parent: '0', owner: 'person@provider.example' });
  box.put({ id: '20', type: 'file', name: 'lease.txt', parent: '10', owner: 'person@provider.example', content: 'The lease runs for three years.' });
  microsoft = await startOAuthFake({ family: 'microsoft', ...MS, api: graph.api });
  dropbox = await startOAuthFake({ family: 'dropbox', ...DBX, api: dbx.api });
  boxFake = await startOAuthFake({ family: 'box', ...BOX, api: box.api });
  database = await createTestDatabase('connector_sources');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: {
      CONNECTOR_MICROSOFT_CLIENT_ID: MS.clientId,
      CONNECTOR_MICROSOFT_CLIENT_SECRET: MS.clientSecret,
      CONNECTOR_MICROSOFT_BASE_URL: microsoft.url,
      CONNECTOR_DROPBOX_CLIENT_ID: DBX.clientId,
      CONNECTOR_DROPBOX_CLIENT_SECRET: DBX.clientSecret,
      CONNECTOR_DROPBOX_BASE_URL: dropbox.url,
      CONNECTOR_BOX_CLIENT_ID: BOX.clientId,
      CONNECTOR_BOX_CLIENT_SECRET: BOX.clientSecret,
      CONNECTOR_BOX_BASE_URL: boxFake.url,
      SIGN_IN_RATE_LIMIT: '1000',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([microsoft?.close(), dropbox?.close(), boxFake?.close()]);
  await database?.drop();
});

const MY_FILES = { file_repository_type: 'USER' } as const;
type ConnectorFile = { uuid: string; name: string; type: string; status: string; connection_type: string; file_uuid: string | null };

/** SharePoint is for members of an organisation: one of their own. */
async function inAnOrganisation(b: Browser, name: string) {
  const created = await b.post('/rest/organizations', { name: `${name} ${Date.now()}` });
  expect(created.status, created.text).toBe(201);
}

async function connect(b: Browser, name: string) {
  const started = await b.get(`/rest/connectors/${name}/connect`);
  expect(started.status, started.text).toBe(200);
  const callback = (await fetch(started.json.redirect_url, { redirect: 'manual' })).headers.get('location') ?? '';
  const back = await b.get(callback.replace(server.url, ''));
  expect(new URL(back.headers.get('location') ?? '').searchParams.get('connected')).toBe(name);
}

const listed = async (b: Browser, name: string): Promise<ConnectorFile[]> => {
  const res = await b.post('/rest/connectors/files/list', { file_repository_info: MY_FILES, filters: { connection_types: [name] } });
  expect(res.status, res.text).toBe(200);
  return res.json.files;
};

const browse = async (b: Browser, name: string, query: Record<string, string> = {}) => {
  const res = await b.get(`/rest/connectors/${name}/browse?${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  return res.json.items as { id: string; name: string; type: string; drive_id: string | null; selectable: boolean }[];
};

/** Picks a folder, waits for every item READY, and answers the synced names and My Files' indexed files. */
async function pickAndSync(b: Browser, name: string, pick: Record<string, unknown>, expected: string[]) {
  const picked = await b.post(`/rest/connectors/${name}/files`, { ...pick, file_repository_info: MY_FILES });
  expect(picked.status, picked.text).toBe(202);
  await expect
    .poll(async () => (await listed(b, name)).map((f) => `${f.name}:${f.status}`).sort(), { timeout: 60_000, interval: 250 })
    .toEqual(expected.map((n) => `${n}:READY`).sort());
  const files = await listed(b, name);
  for (const f of files.filter((x) => x.type === 'FILE')) expect(f.file_uuid).toMatch(/^[0-9a-f-]{36}$/);
  return files;
}

const indexed = async (b: Browser) =>
  (await b.post('/rest/file-repository/list-files', { file_repository_info: MY_FILES })).json.files
    .map((f: { filename: string; file_state: string }) => `${f.filename}:${f.file_state}`)
    .sort();

const problem = (res: Sent, status: number, code: string) => expect([res.status, res.json?.code], res.text).toEqual([status, code]);

describe('the other four file sources', () => {
  test('OneDrive: a folder picked in the browser is synced and its readable file indexed', { timeout: 120_000 }, async () => {
    const ada = await signedUp(server.url, 'Ada');
    await connect(ada, 'onedrive');
    const top = await browse(ada, 'onedrive');
    expect(top.map((i) => [i.name, i.selectable])).toEqual([
      ['Archive', true],
      ['Garden', true],
      ['Policies', true],
      ['Shared with me', false],
    ]);
    const shared = await browse(ada, 'onedrive', { folder_id: 'shared-with-me' });
    expect(shared).toEqual([expect.objectContaining({ id: 'theirs', name: 'their notes.txt', drive_id: 'drive-1', selectable: true })]);
    // A long folder comes a page at a time: Graph's next link travels as an opaque cursor.
    const first = await ada.get('/rest/connectors/onedrive/browse?folder_id=archive');
    expect([first.status, first.json.items.length], first.text).toEqual([200, 200]);
    const rest = await ada.get(`/rest/connectors/onedrive/browse?folder_id=archive&cursor=${first.json.next_cursor}`);
    expect([rest.status, rest.json.items.length, rest.json.next_cursor], rest.text).toEqual([200, 5, null]);
    const elsewhere = Buffer.from('/me/messages?$top=1').toString('base64url');
    problem(await ada.get(`/rest/connectors/onedrive/browse?cursor=${elsewhere}`), 400, 'invalid_cursor');
    const garden = await browse(ada, 'onedrive', { folder_id: 'garden' });
    expect(garden.map((i) => [i.name, i.selectable])).toEqual([
      ['roses.md', true],
      ['snap.gif', false],
    ]);
    // drive_ids name each id's drive, file_ids first: the shared file is in its owner's drive.
    await pickAndSync(ada, 'onedrive', { file_ids: ['theirs'], folder_ids: ['garden'], drive_ids: ['drive-1', ''] }, ['Garden', 'roses.md', 'their notes.txt']);
    await expect.poll(() => indexed(ada), { timeout: 60_000 }).toEqual(['roses.md:COMPLETE', 'their notes.txt:COMPLETE']);
  });

  test('SharePoint: the site selector, the chosen site’s libraries, and a library’s folder synced by its drive id', { timeout: 120_000 }, async () => {
    const bo = await signedUp(server.url, 'Bo');
    await inAnOrganisation(bo, 'Bo Org');
    await connect(bo, 'sharepoint');
    // The sites a page at a time (the connection's call pages by 100; the fake has 105).
    const first = await bo.get('/rest/connectors/sharepoint/sites');
    expect(first.status, first.text).toBe(200);
    expect(first.json.sites).toHaveLength(100);
    expect(first.json.sites[7]).toEqual({ id: 'site-7', name: 'Handbook', webUrl: 'https://contoso.sharepoint.example/sites/7' });
    const second = await bo.get(`/rest/connectors/sharepoint/sites?cursor=${encodeURIComponent(first.json.next_cursor)}`);
    expect(second.status, second.text).toBe(200);
    expect(second.json.sites.map((x: { id: string }) => x.id)).toEqual(['site-100', 'site-101', 'site-102', 'site-103', 'site-104']);
    expect(second.json.next_cursor).toBeNull();
    const searched = await bo.get('/rest/connectors/sharepoint/sites?search=hand');
    expect(searched.json.sites.map((s: { name: string }) => s.name)).toEqual(['Handbook']);
    const libraries = await browse(bo, 'sharepoint', { site_id: 'site-7' });
    expect(libraries).toEqual([expect.objectContaining({ id: 'drive-root', name: 'Documents', type: 'FOLDER', drive_id: 'drive-1', selectable: true })]);
    const inLibrary = await browse(bo, 'sharepoint', { folder_id: libraries[0].id, drive_id: 'drive-1' });
    const policies = inLibrary.find((i) => i.name === 'Policies');
    expect(policies).toMatchObject({ type: 'FOLDER', drive_id: 'drive-1' });
    expect((await browse(bo, 'sharepoint', { site_id: 'site-7', search: 'travel' })).map((i) => i.name)).toEqual(['travel.txt']);
    await pickAndSync(bo, 'sharepoint', { folder_ids: [policies?.id], drive_ids: ['drive-1'] }, ['Policies', 'travel.txt']);
    await expect.poll(() => indexed(bo), { timeout: 60_000 }).toEqual(['travel.txt:COMPLETE']);
  });

  test('Dropbox: a folder and its subfolder synced, by Dropbox ids', { timeout: 120_000 }, async () => {
    const cy = await signedUp(server.url, 'Cy');
    await connect(cy, 'dropbox');
    expect((await browse(cy, 'dropbox')).map((i) => i.name)).toEqual(['Recipes']);
    expect((await browse(cy, 'dropbox', { search: 'sponge' })).map((i) => i.id)).toEqual(['id:sponge']);
    await pickAndSync(cy, 'dropbox', { folder_ids: ['id:recipes'] }, ['Recipes', 'Cakes', 'bread.txt', 'sponge.md']);
    await expect.poll(() => indexed(cy), { timeout: 60_000 }).toEqual(['bread.txt:COMPLETE', 'sponge.md:COMPLETE']);
  });

  test("Box: a folder synced; the picker's key is a token downscoped to the picker's scopes", { timeout: 120_000 }, async () => {
    const di = await signedUp(server.url, 'Di');
    await connect(di, 'box');
    const key = await di.post('/rest/connectors/box/picker', {});
    expect(key.status, key.text).toBe(200);
    expect(key.json.api_key).toMatch(/^downscoped-/);
    expect(Date.parse(key.json.expires_at)).toBeGreaterThan(Date.now());
    expect(boxFake.state.exchangedScopes.at(-1)).toBe('base_picker item_preview');
    expect((await browse(di, 'box')).map((i) => i.name)).toEqual(['Contracts']);
    await pickAndSync(di, 'box', { folder_ids: ['10'] }, ['Contracts', 'lease.txt']);
    await expect.poll(() => indexed(di), { timeout: 60_000 }).toEqual(['lease.txt:COMPLETE']);
  });
});

/** A file's passages as its owner reads them ('' once it is gone). */
async function passagesOf(b: Browser, fileUuid: string | null): Promise<string> {
  const res = await b.get(`/rest/file-repository/files/${fileUuid}`);
  if (res.status !== 200) return '';
  return res.json.passages.map((p: { content: string }) => p.content).join('\n');
}

/** A delta on demand: a resync that names no item. */
async function deltaNow(b: Browser) {
  const res = await b.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { remote_file_ids: ['no-such-item'] } });
  expect(res.status, res.text).toBe(202);
}

const byName = (files: ConnectorFile[]) => Object.fromEntries(files.map((f) => [f.name, f]));

describe('deltas of the file sources', () => {
  test('SharePoint: deltas follow every picked library and the OneDrive, one cursor each; an expired one lists its library again', {
    timeout: 180_000,
  }, async () => {
    graph.state.drives.set('site-9', [
      { id: 'lib-hr', name: 'HR' },
      { id: 'lib-ops', name: 'Operations' },
    ]);
    graph.put({ id: 'hr-root', name: 'root', parent: null, folder: true, drive: 'lib-hr' });
    graph.put({ id: 'hr-leave', name: 'Leave', parent: 'hr-root', folder: true, drive: 'lib-hr' });
    graph.put({ id: 'hr-annual', name: 'annual.txt', parent: 'hr-leave', content: 'Annual leave is twenty days.', drive: 'lib-hr' });
    graph.put({ id: 'ops-root', name: 'root', parent: null, folder: true, drive: 'lib-ops' });
    graph.put({ id: 'ops-rota', name: 'rota.txt', parent: 'ops-root', content: 'The night rota changes on Mondays.', drive: 'lib-ops' });
    graph.put({ id: 'od-notes', name: 'Notes', parent: 'drive-root', folder: true });
    graph.put({ id: 'od-todo', name: 'todo.txt', parent: 'od-notes', content: 'Renew the parking permit.' });
    graph.put({ id: 'od-old', name: 'old.txt', parent: 'od-notes', content: 'An old note about the fax machine.' });
    const fi = await signedUp(server.url, 'Fi');
    await inAnOrganisation(fi, 'Fi Org');
    await connect(fi, 'sharepoint');
    // drive_ids name each id's drive, file_ids first: the rota in Operations, Leave in HR, Notes in the person's OneDrive.
    const first = byName(
      await pickAndSync(fi, 'sharepoint', { file_ids: ['ops-rota'], folder_ids: ['hr-leave', 'od-notes'], drive_ids: ['lib-ops', 'lib-hr', ''] }, [
        'Leave',
        'annual.txt',
        'rota.txt',
        'Notes',
        'todo.txt',
        'old.txt',
      ]),
    );

    graph.edit('hr-annual', { content: 'Annual leave is twenty-five days from January.' });
    graph.edit('ops-rota', { content: 'The night rota changes on Thursdays.' });
    graph.put({ id: 'hr-parental', name: 'parental.txt', parent: 'hr-leave', content: 'Parental leave is twenty-six weeks.', drive: 'lib-hr' });
    graph.remove('od-old');
    graph.edit('od-todo', { content: 'Renew the parking permit before March.' });
    const deltas = graph.state.deltaDrives.length;
    await deltaNow(fi);
    await expect
      .poll(async () => (await listed(fi, 'sharepoint')).map((f) => `${f.name}:${f.status}`).sort(), { timeout: 60_000, interval: 250 })
      .toEqual(['Leave:READY', 'Notes:READY', 'annual.txt:READY', 'parental.txt:READY', 'rota.txt:READY', 'todo.txt:READY']);
    await expect.poll(() => passagesOf(fi, first['annual.txt'].file_uuid), { timeout: 60_000 }).toContain('twenty-five days');
    await expect.poll(() => passagesOf(fi, first['rota.txt'].file_uuid), { timeout: 60_000 }).toContain('Thursdays');
    await expect.poll(() => passagesOf(fi, first['todo.txt'].file_uuid), { timeout: 60_000 }).toContain('before March');
    expect(await passagesOf(fi, first['old.txt'].file_uuid)).toBe('');
    expect([...new Set(graph.state.deltaDrives.slice(deltas))].sort()).toEqual(['drive-1', 'lib-hr', 'lib-ops']);

    // Operations' cursor expires (410): that library alone is listed again, the change it hid fetched.
    graph.state.expiredBelowIn.set('lib-ops', graph.position());
    graph.edit('ops-rota', { content: 'The night rota changes on Fridays.' });
    await deltaNow(fi);
    await expect.poll(() => passagesOf(fi, first['rota.txt'].file_uuid), { timeout: 60_000 }).toContain('Fridays');
    graph.state.expiredBelowIn.clear();
    expect(await passagesOf(fi, first['annual.txt'].file_uuid)).toContain('twenty-five days');
  });

  test('Dropbox: folders found by their paths; a deletion named by its path alone takes the item and all under it out of the index', {
    timeout: 180_000,
  }, async () => {
    dbx.put({ id: 'id:garden', path: '/Garden', folder: true });
    dbx.put({ id: 'id:beds', path: '/Garden/Raised Beds', folder: true });
    dbx.put({ id: 'id:leeks', path: '/Garden/Raised Beds/Leeks.txt', content: 'Leeks are earthed up in autumn.' });
    dbx.put({ id: 'id:deep', path: '/Garden/Raised Beds/Herbs', folder: true });
    dbx.put({ id: 'id:mint', path: '/Garden/Raised Beds/Herbs/mint.md', content: 'Mint is grown in pots or it spreads.' });
    dbx.put({ id: 'id:plan', path: '/Garden/plan.txt', content: 'Rotate the beds every year.' });
    dbx.put({ id: 'id:shed', path: '/Garden/shed.txt', content: 'The shed key is under the pot.' });
    const gu = await signedUp(server.url, 'Gu');
    await connect(gu, 'dropbox');
    const first = byName(
      await pickAndSync(gu, 'dropbox', { folder_ids: ['id:garden'] }, ['Garden', 'Raised Beds', 'Herbs', 'Leeks.txt', 'mint.md', 'plan.txt', 'shed.txt']),
    );
    // Each item sits under its folder, found by its path.
    const parents = Object.fromEntries(
      (await gu.post('/rest/connectors/files/list', { file_repository_info: MY_FILES, filters: { connection_types: ['dropbox'] } })).json.files.map(
        (f: { name: string; parent_uuids: string[] }) => [f.name, f.parent_uuids],
      ),
    );
    expect(parents).toMatchObject({
      'Raised Beds': [first.Garden.uuid],
      Herbs: [first['Raised Beds'].uuid],
      'Leeks.txt': [first['Raised Beds'].uuid],
      'mint.md': [first.Herbs.uuid],
      'plan.txt': [first.Garden.uuid],
    });

    // Raised Beds is deleted: Dropbox names only its path. An edit is fetched again and a new file found under its folder.
    dbx.remove('id:beds');
    dbx.edit('id:plan', { content: 'Rotate the beds every year; lime the brassica bed.' });
    dbx.put({ id: 'id:tools', path: '/Garden/Tools.txt', content: 'Oil the secateurs in winter.' });
    dbx.remove('id:shed');
    await deltaNow(gu);
    await expect
      .poll(async () => (await listed(gu, 'dropbox')).map((f) => `${f.name}:${f.status}`).sort(), { timeout: 60_000, interval: 250 })
      .toEqual(['Garden:READY', 'Tools.txt:READY', 'plan.txt:READY']);
    await expect.poll(() => passagesOf(gu, first['plan.txt'].file_uuid), { timeout: 60_000 }).toContain('lime the brassica bed');
    for (const gone of ['Leeks.txt', 'mint.md', 'shed.txt']) expect(await passagesOf(gu, first[gone].file_uuid)).toBe('');
    await expect.poll(() => indexed(gu), { timeout: 60_000 }).toEqual(['Tools.txt:COMPLETE', 'plan.txt:COMPLETE']);
  });
});

describe('who may ask the pickers what', () => {
  test('a visitor is asked to sign in; someone without the connection is told so; a cursor that is not a site page is refused', async () => {
    const anon = await visitor(server.url);
    problem(await anon.post('/rest/connectors/box/picker', {}), 401, 'unauthenticated');
    problem(await anon.get('/rest/connectors/sharepoint/sites'), 401, 'unauthenticated');
    problem(await anon.post('/rest/connectors/picker/log', { connection_type: 'box', content: 'picked 1 file' }), 401, 'unauthenticated');
    const eve = await signedUp(server.url, 'Eve');
    problem(await eve.post('/rest/connectors/box/picker', {}), 404, 'connection_not_found');
    problem(await eve.get('/rest/connectors/sharepoint/sites'), 404, 'connection_not_found');
    problem(await eve.get('/rest/connectors/dropbox/browse'), 404, 'connection_not_found');
    // Someone else's connection is not hers: nothing of Bo's SharePoint or Di's Box answers her.
    expect((await eve.post('/rest/connectors/files/list', { file_repository_info: MY_FILES })).json.files).toEqual([]);
    await inAnOrganisation(eve, 'Eve Org');
    await connect(eve, 'sharepoint');
    const made = Buffer.from('/me/messages?$top=1').toString('base64url');
    problem(await eve.get(`/rest/connectors/sharepoint/sites?cursor=${made}`), 400, 'invalid_cursor');
    problem(await eve.get('/rest/connectors/sharepoint/sites?cursor=not.base64'), 400, 'invalid_cursor');
    problem(await eve.post('/rest/connectors/picker/log', { connection_type: 'nope', content: 'x' }), 400, 'unknown_connection_type');
    const logged = await eve.post('/rest/connectors/picker/log', { connection_type: 'sharepoint', content: 'picked 2 files' });
    expect(logged.status, logged.text).toBe(204);
  });
});
