// Files brought in together (a connector's batch) on real PostgreSQL and local storage: recorded
// in one go and submitted for indexing; a file refused (its type, the plan's limit) is refused
// alone and leaves no bytes behind; a file already there gets a new version; a file twice in one
// batch falls back to one import each.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { allTables } from '../../tests/support/all-tables.js';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { EventStore } from '../eventstore/store.js';
import type { Config } from '../shared/config.js';
import { createLocalStorage } from '../storage/local-storage.js';
import { importFiles } from './import-batch.js';
import type { ImportDeps, ImportJob } from './import-use-case.js';

let db: Db;
let close: () => Promise<void>;
let dataDir: string;
let deps: ImportDeps;
const started: { file_uuid: string; version: number }[] = [];

beforeAll(async () => {
  ({ db, close } = await migratedDb(4));
  dataDir = mkdtempSync(join(tmpdir(), 'import-batch-'));
  deps = {
    db,
    store: new EventStore(db, projections),
    storage: createLocalStorage({ dataDir, publicUrl: 'http://127.0.0.1:9', secret: 'import-batch-secret-0123456789abcdef', maxUploadBytes: 1024 }),
    now: () => new Date('2026-12-02T10:00:00Z'),
    config: { fileMaxBytes: 1024, fileLimits: { free: { per_repository: 3, per_user: 10 } } } as unknown as Config,
    logger: pino({ level: 'silent' }),
    indexing: { start: async (job) => void started.push(job) },
  };
});
afterAll(async () => {
  await close?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const job = (owner: string, filename: string, file_uuid: string | null = null): ImportJob => ({
  repository: { type: 'USER', owner_id: owner },
  file_uuid,
  filename,
  bytes: Buffer.from(`the text of ${filename}`),
  uploaded_by: owner,
  uploader_email: `${owner}@Example.com`,
  plan: 'free',
  source: { connection_uuid: 'c1', connection_type: 'google_drive', remote_id: filename, url: null },
  readers: [`user:${owner}`],
});

const filesOf = (owner: string) =>
  allTables(db).selectFrom('files').select(['file_uuid', 'filename', 'uploader_email']).where('uploaded_by_user_id', '=', owner).orderBy('filename').execute();
/** The objects stored (each has its content type beside it, under .meta). */
const storedCount = () =>
  readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile() && !join(d.parentPath, d.name).includes('/.meta/')).length;

test('a batch is recorded and submitted for indexing; the refused ones alone are refused, their bytes removed', async () => {
  const before = storedCount();
  const results = await importFiles(deps, [job('ann', 'a.txt'), job('ann', 'b.exe'), job('ann', 'c.txt'), job('ann', 'd.txt'), job('ann', 'e.txt')]);
  // The plan allows 3 files in the repository: the fourth text file is over it; the .exe is no type files takes.
  expect(results.map((r) => ('error' in r ? (r.error as { code?: string }).code : 'ok'))).toEqual([
    'ok',
    'unsupported_file_type',
    'ok',
    'ok',
    'FILE_REPOSITORY_LIMIT_EXCEEDED',
  ]);
  const files = await filesOf('ann');
  expect(files.map((f) => [f.filename, f.uploader_email])).toEqual([
    ['a.txt', 'ann@example.com'],
    ['c.txt', 'ann@example.com'],
    ['d.txt', 'ann@example.com'],
  ]);
  expect(started.filter((s) => files.some((f) => f.file_uuid === s.file_uuid)).map((s) => s.version)).toEqual([1, 1, 1]);
  expect(storedCount() - before).toBe(3);
});

test('a file already there gets a new version (its old bytes removed); one named twice in a batch falls back to one import each (its second a second version)', async () => {
  const [first] = await importFiles(deps, [job('bob', 'a.txt', '6f1c1f3e-0000-4000-8000-000000000001')]);
  expect(first).toEqual({ file_uuid: '6f1c1f3e-0000-4000-8000-000000000001' });
  const before = storedCount();
  const again = await importFiles(deps, [job('bob', 'a.txt', '6f1c1f3e-0000-4000-8000-000000000001')]);
  expect(again).toEqual([{ file_uuid: '6f1c1f3e-0000-4000-8000-000000000001' }]);
  expect(started.filter((s) => s.file_uuid === '6f1c1f3e-0000-4000-8000-000000000001').map((s) => s.version)).toEqual([1, 2]);
  expect(storedCount()).toBe(before);
  const twice = await importFiles(deps, [
    job('bob', 'b.txt', '6f1c1f3e-0000-4000-8000-000000000002'),
    job('bob', 'b.txt', '6f1c1f3e-0000-4000-8000-000000000002'),
  ]);
  expect(twice.map((r) => 'file_uuid' in r)).toEqual([true, true]);
  expect((await filesOf('bob')).map((f) => f.filename)).toEqual(['a.txt', 'b.txt']);
});
