// The delta steps on real PostgreSQL against a scripted adapter (the provider's own answers are
// tested with the fakes in tests/integration/connector-deltas.int.test.ts): a page of changes
// applied to the items under a picked folder with one provider call, and an expired cursor
// falling back to listing the picked root again, the slim listing pruning what is gone, and the
// files left unchanged not fetched again.
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { insertDriveConnection, pickedItemFound } from '../../tests/support/connector-rows.js';
import { createTestDatabase, testDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { EventStore } from '../eventstore/store.js';
import { CursorExpired, type DeltaPage, type FileSourceAdapter, type RemoteItem } from './adapters/types.js';
import { applyDeltaPage, pruneFolder } from './delta.js';
import { evolveItem, itemStream, NO_ITEM } from './items.js';
import { RateLimiter } from './rate-limiter.js';
import { filesToSync, type FolderJob, foldersDone, listFolderPage, resolvePicked, type SyncDeps } from './sync.js';
import { createTokenBox } from './token-box.js';
import { fileUuidFor, syncFiles } from './sync-files.js';
import { DomainError } from '../shared/domain-error.js';
import { endpointsOf } from './providers.js';

/** What the scripted source answers, and every call made of it. */
const source = {
  calls: [] as string[],
  delta: null as DeltaPage | CursorExpired | null,
  tree: new Map<string, RemoteItem>(),
};
const adapter: FileSourceAdapter = {
  async item(root) {
    source.calls.push(`item:${root.remoteId}`);
    return source.tree.get(root.remoteId) ?? null;
  },
  async listPage(root) {
    source.calls.push(`list:${root.remoteId}`);
    // The whole subtree in one page, folders before what they hold.
    const under = (id: string): RemoteItem[] =>
      [...source.tree.values()].filter((i) => i.parentRemoteIds.includes(id)).flatMap((i) => [i, ...(i.kind === 'FOLDER' ? under(i.remoteId) : [])]);
    return { items: under(root.remoteId), checkpoint: null };
  },
  async slimListPage(root) {
    source.calls.push(`slim:${root.remoteId}`);
    const under = (id: string): string[] =>
      [...source.tree.values()].filter((i) => i.parentRemoteIds.includes(id)).flatMap((i) => [i.remoteId, ...under(i.remoteId)]);
    return { ids: under(root.remoteId), checkpoint: null };
  },
  async startCursor() {
    source.calls.push('start');
    return 'c0';
  },
  async deltaPage() {
    source.calls.push('delta');
    if (source.delta instanceof CursorExpired) throw source.delta;
    return source.delta ?? { changes: [], cursor: 'c0', more: false };
  },
  async download(item) {
    source.calls.push(`download:${item.remoteId}`);
    return { bytes: Buffer.from('x'), filename: item.name, contentType: 'text/plain' };
  },
};
vi.mock('./adapters/file-adapters.js', () => ({ fileAdapterFor: () => adapter }));

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let store: EventStore;
const deleted: string[] = [];
/** Each file given new readers in place, and what files answers (a refusal for the ids in `refused`). */
const readersSet: { file: string; readers: string[] | null }[] = [];
const refused = new Set<string>();
const OWNER = 'user-1';
const REPO = { type: 'USER' as const, owner_id: OWNER };

beforeAll(async () => {
  database = await createTestDatabase('connector_delta_steps');
  db = testDb(database.url, 4);
  await migrateToLatest(db);
  store = new EventStore(db, projections);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

function deps(): SyncDeps {
  return {
    db,
    store,
    now: () => new Date('2026-12-02T10:00:00Z'),
    logger: pino({ level: 'silent' }),
    connectors: {
      clients: { google: { family: 'google', endpoints: endpointsOf('google', 'http://127.0.0.1:9'), clientId: 'id', clientSecret: 'secret' } } as never,
      tokens: createTokenBox(randomBytes(32)),
      callbackUrl: '',
      mergeCallbackUrl: '',
      limiter: new RateLimiter(0),
    },
    importFiles: async (jobs) => jobs.map(() => ({ file_uuid: randomUUID() })),
    deleteFile: async (fileUuid) => void deleted.push(fileUuid),
    setFileReaders: async (file, readers) => {
      if (refused.has(file)) throw new DomainError('not_found', 'file_not_found', 'No such file in this repository.');
      readersSet.push({ file, readers });
    },
    maxFileBytes: 1024,
    publicUrl: 'http://app.example',
  };
}

const file = (id: string, parent: string, updatedAt = '2026-11-01T00:00:00Z'): RemoteItem => ({
  remoteId: id,
  name: `${id}.txt`,
  kind: 'FILE',
  parentRemoteIds: [parent],
  url: null,
  updatedAt,
  size: 1,
  mimeType: 'text/plain',
  driveId: null,
  readers: null,
});
const folder = (id: string, parent: string): RemoteItem => ({ ...file(id, parent), name: id, kind: 'FOLDER', mimeType: 'application/vnd.google-apps.folder' });

/** A connection with a picked folder synced: every item READY with a file. */
async function synced(tree: RemoteItem[], orgUuid: string | null = null) {
  const connection = randomUUID();
  await insertDriveConnection(db, { uuid: connection, owner: OWNER, status: 'connected', orgUuid });
  source.tree = new Map(tree.map((i) => [i.remoteId, i]));
  const root = tree[0];
  const rootUuid = randomUUID();
  await store.append(itemStream(rootUuid), 'no_stream', [
    pickedItemFound({ item: rootUuid, connection, remoteId: root.remoteId, name: root.remoteId, kind: 'FOLDER', repository: REPO, at: '2026-12-01T00:00:00Z' }),
  ]);
  const d = deps();
  const [job] = await resolvePicked(d, connection);
  await listFolderPage(d, connection, job, null);
  for (const f of await filesToSync(d, connection)) {
    await store.append(itemStream(f.item_uuid), (await store.aggregate(itemStream(f.item_uuid), NO_ITEM, evolveItem)).version, [
      {
        type: 'ConnectorItemSynced',
        data: {
          item_uuid: f.item_uuid,
          file_uuid: `file-${f.remote_id}`,
          name: f.name,
          remote_updated_at: f.remote_updated_at,
          readers: f.readers,
          at: '2026-12-01T00:00:00Z',
        },
      },
    ]);
  }
  await foldersDone(d, connection);
  source.calls = [];
  return { connection, job };
}

async function items(connection: string) {
  const rows = await allTables(db)
    .selectFrom('connector_items')
    .select(['remote_id', 'status', 'parent_uuids', 'item_uuid'])
    .where('connection_uuid', '=', connection)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.remote_id, r]));
}

describe('a page of changes', () => {
  test('queues a changed file, finds a new one under a synced folder, removes a deleted and a moved-out one, in one call', async () => {
    const { connection } = await synced([
      folder('top', 'my-drive'),
      folder('sub', 'top'),
      file('a', 'top'),
      file('b', 'sub'),
      file('c', 'top'),
      file('d', 'top'),
    ]);
    source.delta = {
      changes: [
        { remoteId: 'a', removed: false, item: file('a', 'top', '2026-12-02T09:00:00Z') },
        { remoteId: 'e', removed: false, item: file('e', 'sub') },
        { remoteId: 'c', removed: true, item: null },
        { remoteId: 'd', removed: false, item: file('d', 'elsewhere', '2026-12-02T09:00:00Z') },
        { remoteId: 'z', removed: false, item: file('z', 'not-synced') },
        { remoteId: 'pic', removed: false, item: { ...file('pic', 'top'), name: 'pic.gif', mimeType: 'image/gif' } },
      ],
      cursor: 'c1',
      more: false,
    };
    const step = await applyDeltaPage(deps(), connection, 'c0');
    expect(step).toMatchObject({ expired: false, cursor: 'c1', more: false, walk: [] });
    expect(source.calls).toEqual(['delta']);
    const after = await items(connection);
    expect(Object.keys(after).sort()).toEqual(['a', 'b', 'e', 'sub', 'top']);
    expect(after.a.status).toBe('QUEUED');
    expect(after.b.status).toBe('READY');
    expect(after.e).toMatchObject({ status: 'QUEUED', parent_uuids: [after.sub.item_uuid] });
    expect(deleted).toEqual(expect.arrayContaining(['file-c', 'file-d']));
    const cursor = await allTables(db).selectFrom('connector_syncs').select('cursor').where('connection_uuid', '=', connection).executeTakeFirst();
    expect(cursor?.cursor).toBe('c1');
    // The queued files are fetched from what the delta carried: one download each, no lookup.
    expect((await filesToSync(deps(), connection)).map((f) => f.remote_id).sort()).toEqual(['a', 'e']);
  });

  test("a removal named by its path takes the items at and under it, whatever the case; a new item finds its folder by its path; sharing changed alone does nothing to a personal connection's file", async () => {
    const at = (item: RemoteItem, path: string): RemoteItem => ({ ...item, path });
    const { connection } = await synced([
      at(folder('p-top', 'my-drive'), '/top'),
      at(folder('p-sub', 'p-top'), '/top/sub dir'),
      at(file('p-x', 'p-sub'), '/top/sub dir/x.txt'),
      at(file('p-y', 'p-top'), '/top/y.txt'),
      at(file('p-z', 'p-top'), '/top/sub dir2.txt'),
    ]);
    const before = await items(connection);
    source.delta = {
      changes: [
        // A file new under Sub, known by its path only (as Dropbox names folders).
        { remoteId: 'p-new', removed: false, item: { ...at(file('p-new', 'unused'), '/top/sub dir/new.txt'), parentRemoteIds: [] } },
        { remoteId: '/TOP/Sub Dir', removed: true, item: null, removedPath: '/TOP/Sub Dir' },
        {
          remoteId: 'p-y',
          removed: false,
          item: { ...at(file('p-y', 'p-top'), '/top/y.txt'), readers: { emails: ['ann@example.com'], domains: [], anyone: false } },
        },
      ],
      cursor: 'c2',
      more: false,
    };
    await applyDeltaPage(deps(), connection, 'c0');
    const after = await items(connection);
    // Sub, all it held (the new file found under it a moment before included) left; "sub dir2.txt" is not under "sub dir".
    expect(Object.keys(after).sort()).toEqual(['p-top', 'p-y', 'p-z']);
    expect(deleted).toEqual(expect.arrayContaining(['file-p-x']));
    expect(deleted).not.toContain('file-p-z');
    // Its owner alone reads a personal connection's file, whoever the source shares it with: neither fetched nor changed.
    expect(after['p-y'].status).toBe('READY');
    expect(readersSet.map((r) => r.file)).not.toContain('file-p-y');
    expect(source.calls).toEqual(['delta']);
    expect(after['p-z']).toMatchObject({ status: 'READY', parent_uuids: [before['p-top'].item_uuid] });

    // A new file under a folder still there is found under it by its path.
    source.delta = {
      changes: [{ remoteId: 'p-w', removed: false, item: { ...at(file('p-w', 'unused'), '/top/w.txt'), parentRemoteIds: [] } }],
      cursor: 'c3',
      more: false,
    };
    await applyDeltaPage(deps(), connection, 'c2');
    expect((await items(connection))['p-w']).toMatchObject({ status: 'QUEUED', parent_uuids: [before['p-top'].item_uuid] });
  });

  test("an organisation's file whose sharing alone changed gets its new readers in place: not fetched again, its item READY", async () => {
    const org = randomUUID();
    const shared = (id: string, emails: string[], updatedAt?: string): RemoteItem => ({
      ...file(id, 's-top', updatedAt),
      readers: { emails, domains: [], anyone: false },
    });
    const { connection } = await synced(
      [folder('s-top', 'my-drive'), shared('s-a', ['ann@example.com']), shared('s-b', ['ann@example.com']), shared('s-c', ['ann@example.com'])],
      org,
    );
    refused.add('file-s-c');
    // Unshared from Ann and shared with Ben and the domain, its content as it was.
    const unshared = {
      remoteId: 's-a',
      removed: false,
      item: { ...shared('s-a', []), readers: { emails: ['BEN@example.com'], domains: ['example.org'], anyone: false } },
    };
    source.delta = {
      changes: [
        unshared,
        // Edited and shared: fetched again (with its new readers).
        { remoteId: 's-b', removed: false, item: shared('s-b', ['ben@example.com'], '2026-12-02T09:00:00Z') },
        // Files no longer has it: fetched again, as a changed one is.
        { remoteId: 's-c', removed: false, item: shared('s-c', ['ben@example.com']) },
      ],
      cursor: 'c9',
      more: false,
    };
    const step = await applyDeltaPage(deps(), connection, 'c0');
    expect(step).toMatchObject({ expired: false, changed: 3 });
    expect(source.calls).toEqual(['delta']);
    expect(readersSet.filter((r) => r.file.startsWith('file-s-'))).toEqual([
      { file: 'file-s-a', readers: [`user:${OWNER}`, 'email:ben@example.com', 'domain:example.org'] },
    ]);
    const after = await items(connection);
    expect([after['s-a'].status, after['s-b'].status, after['s-c'].status]).toEqual(['READY', 'QUEUED', 'QUEUED']);
    const row = await allTables(db).selectFrom('connector_items').select('readers').where('item_uuid', '=', after['s-a'].item_uuid).executeTakeFirstOrThrow();
    expect(row.readers).toEqual({ emails: ['BEN@example.com'], domains: ['example.org'], anyone: false });
    expect((await filesToSync(deps(), connection)).map((f) => f.remote_id).sort()).toEqual(['s-b', 's-c']);

    // The same page again (a retried step): the item has its readers, nothing more happens.
    source.calls = [];
    readersSet.length = 0;
    source.delta = { changes: [unshared], cursor: 'c10', more: false };
    expect(await applyDeltaPage(deps(), connection, 'c9')).toMatchObject({ changed: 0 });
    expect(readersSet).toEqual([]);
  });

  test("listed again after an expired cursor, an organisation's unchanged file whose sharing changed gets its new readers in place", async () => {
    const readers = (emails: string[]) => ({ emails, domains: [], anyone: false });
    const { connection } = await synced([folder('x-top', 'my-drive'), { ...file('x-a', 'x-top'), readers: readers(['ann@example.com']) }], randomUUID());
    source.tree.set('x-a', { ...file('x-a', 'x-top'), readers: readers(['ben@example.com']) });
    readersSet.length = 0;
    const d = deps();
    const [root] = await resolvePicked(d, connection, { all: true });
    await listFolderPage(d, connection, root, null);
    expect(readersSet).toEqual([{ file: 'file-x-a', readers: [`user:${OWNER}`, 'email:ben@example.com'] }]);
    expect((await items(connection))['x-a'].status).toBe('READY');
    expect(await filesToSync(d, connection)).toEqual([]);
    expect(source.calls.filter((c) => c.startsWith('download'))).toEqual([]);
  });

  test('an expired cursor lists the picked root again: what is gone is pruned, the unchanged is not fetched again', async () => {
    const { connection, job } = await synced([folder('root2', 'my-drive'), file('f1', 'root2'), file('f2', 'root2'), file('f3', 'root2')]);
    source.delta = new CursorExpired('test');
    expect(await applyDeltaPage(deps(), connection, 'c0')).toEqual({ expired: true });
    source.tree.delete('f2');
    source.tree.set('f3', file('f3', 'root2', '2026-12-02T09:00:00Z'));
    const d = deps();
    const folders: FolderJob[] = await resolvePicked(d, connection, { all: true });
    expect(folders.map((f) => f.item_uuid)).toEqual([job.item_uuid]);
    await listFolderPage(d, connection, folders[0], null);
    expect(await pruneFolder(d, connection, folders[0])).toBe(1);
    const after = await items(connection);
    expect(Object.keys(after).sort()).toEqual(['f1', 'f3', 'root2']);
    expect(deleted).toContain('file-f2');
    expect((await filesToSync(d, connection)).map((f) => f.remote_id)).toEqual(['f3']);
  });
});

describe('a batch of queued files', () => {
  test('is fetched and settled READY under ids made from its items; the same batch run again (a recovery) fetches nothing twice', async () => {
    const connection = randomUUID();
    await insertDriveConnection(db, { uuid: connection, owner: OWNER, status: 'connected', orgUuid: null });
    const tree = [folder('batch', 'my-drive'), file('b1', 'batch'), file('b2', 'batch'), file('b3', 'batch')];
    source.tree = new Map(tree.map((i) => [i.remoteId, i]));
    const rootUuid = randomUUID();
    await store.append(itemStream(rootUuid), 'no_stream', [
      pickedItemFound({ item: rootUuid, connection, remoteId: 'batch', name: 'batch', kind: 'FOLDER', repository: REPO, at: '2026-12-01T00:00:00Z' }),
    ]);
    const imported: (string | null)[] = [];
    const d: SyncDeps = {
      ...deps(),
      importFiles: async (jobs) =>
        jobs.map((job) => {
          imported.push(job.file_uuid);
          return { file_uuid: job.file_uuid ?? randomUUID() };
        }),
    };
    const [job] = await resolvePicked(d, connection);
    await listFolderPage(d, connection, job, null);
    const queued = await filesToSync(d, connection);
    expect(queued.map((f) => f.remote_id).sort()).toEqual(['b1', 'b2', 'b3']);
    source.calls = [];
    expect(await syncFiles(d, connection, queued, 2)).toEqual(['synced', 'synced', 'synced']);
    expect(source.calls.sort()).toEqual(['download:b1', 'download:b2', 'download:b3']);
    expect(imported.sort()).toEqual(queued.map((f) => fileUuidFor(f.item_uuid)).sort());
    const rows = await allTables(db)
      .selectFrom('connector_items')
      .select(['item_uuid', 'status', 'file_uuid'])
      .where('connection_uuid', '=', connection)
      .where('kind', '=', 'FILE')
      .execute();
    expect(rows.map((r) => [r.status, r.file_uuid]).sort()).toEqual(queued.map((f) => ['READY', fileUuidFor(f.item_uuid)]).sort());
    source.calls = [];
    expect(await syncFiles(d, connection, queued, 2)).toEqual(['synced', 'synced', 'synced']);
    expect(source.calls).toEqual([]);
    expect(imported).toHaveLength(3);
  });

  test('an item’s file id is a UUID, the same each time, and its own', () => {
    const a = fileUuidFor('item-a');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fileUuidFor('item-a')).toBe(a);
    expect(fileUuidFor('item-b')).not.toBe(a);
  });
});
