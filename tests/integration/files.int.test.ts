// File repositories on the real server with the local bucket: upload (presigned POST), index
// (durable workflow, SSE progress), list, ask with file citations, replace, delete, download,
// plan limits, bad input that stores nothing, Space files by role, organisation files, and the
// read models rebuilt from the log.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { rebuildProjections } from '../../services/eventstore/rebuild.js';
import { EventStore } from '../../services/eventstore/store.js';
import { malformedPdf, sampleDocx, samplePdf } from '../fixtures/files.js';
import { createTestDatabase } from '../support/database.js';
import { deleteFiles, indexStream, listFiles, MY_FILES, postToBucket, summaryOf, uploadAndIndex, uploadUrls, type Repo } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { askStream, signedUp as signUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { collect } from '../support/sse.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'files-int-'));
  database = await createTestDatabase('files');
  server = await startServerProcess({ databaseUrl: database.url, env: { DATA_DIR: dataDir, FILE_MAX_MB: '2', FILE_LIMITS: 'free=4/6' } });
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const signedUp = (name: string, email = `${name.toLowerCase()}.files.${++n}.${Date.now()}@example.com`) => signUp(server.url, name, email);
const text = (s: string) => new TextEncoder().encode(s);
const count = async (table: 'files' | 'events', where = sql`true`) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0].n);
const storedObjects = () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]));
  try {
    // The local bucket's objects (its content types and uploads in progress are kept apart).
    return walk(join(dataDir, 'storage', 'local'));
  } catch {
    return [];
  }
};
async function ask(b: Browser, query_str: string, extra: Record<string, unknown> = {}) {
  const events = await collect(await askStream(server.url, b, { query_str, search_mode: 'auto', ...extra }));
  expect(events.at(-1)?.event).toBe('completed');
  return events.find((e) => e.event === 'sources')!.data.sources as {
    url: string;
    name: string;
    meta_data: Record<string, unknown>;
    file_metadata?: Record<string, unknown>;
  }[];
}

describe('My Files', () => {
  test('a PDF and a DOCX upload, index with progress, list, and answer with page citations', { timeout: 60_000 }, async () => {
    const ada = await signedUp('Ada');
    const pdf = await samplePdf([{ text: 'Introduction to beekeeping.' }, { text: 'Varroa mites are treated with oxalic acid in winter.' }], {
      title: 'Bee Handbook',
    });
    const docx = await sampleDocx(['Quarterly report.', 'The lighthouse budget grew by twelve percent.']);
    const { uuids, events } = await uploadAndIndex(ada, MY_FILES, [
      { filename: 'bees.pdf', bytes: pdf },
      { filename: 'report.docx', bytes: docx },
    ]);
    const final = new Map(events.map((e) => [e.data.file_uuid, e.data.status]));
    expect([...final.values()]).toEqual(['success', 'success']);
    expect(events.every((e) => e.event === 'message')).toBe(true);

    const list = await listFiles(ada, MY_FILES);
    expect(list.status, list.text).toBe(200);
    expect(list.json.next_cursor).toBeNull();
    const bees = list.json.files.find((f: { file_uuid: string }) => f.file_uuid === uuids[0]);
    expect(bees).toMatchObject({
      filename: 'bees.pdf',
      file_title: 'Bee Handbook',
      file_state: 'COMPLETE',
      file_type: 'pdf',
      page_count: 2,
      error: null,
      is_attachment: false,
    });
    expect(bees.uploaded_by).toMatch(/^ada\.files/);
    expect((await summaryOf(ada, MY_FILES)).json).toEqual({ total_files: 2, pending_files: 0, error_files: 0, total_uploads: 2 });

    const sources = await ask(ada, 'How are varroa mites treated?');
    const cited = sources.find((s) => s.meta_data.file_uuid === uuids[0]);
    expect(cited).toMatchObject({
      url: `/files/${uuids[0]}?page=2`,
      meta_data: { page: 2 },
      file_metadata: { file_repository_type: 'USER', file_type: 'pdf' },
    });
    const report = await ask(ada, 'How much did the lighthouse budget grow?');
    expect(report.some((s) => s.meta_data.file_uuid === uuids[1])).toBe(true);

    const opened = await ada.get(`/rest/file-repository/files/${uuids[0]}?page=2`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.passages.map((p: { content: string }) => p.content).join(' ')).toContain('oxalic acid');

    // Another person sees none of it, and does not find the file in answers.
    const bob = await signedUp('Bob');
    expect((await bob.get(`/rest/file-repository/files/${uuids[0]}`)).status).toBe(404);
    expect((await listFiles(bob, MY_FILES)).json.files).toEqual([]);
    expect((await listFiles(bob, { file_repository_type: 'USER', owner_id: 'someone-else' })).status).toBe(404);
    expect((await ask(bob, 'How are varroa mites treated?')).some((s) => s.meta_data.file_uuid)).toBe(false);
    expect((await deleteFiles(bob, MY_FILES, [uuids[0]])).status).toBe(404);
  });

  test('download gives a short-lived address of the same bytes; strangers get 404', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const { uuids } = await uploadAndIndex(ada, MY_FILES, [{ filename: 'notes.txt', bytes: text('Download me, please.') }]);
    const file = (await listFiles(ada, MY_FILES)).json.files[0];
    expect(file.file_uuid).toBe(uuids[0]);
    expect((await fetch(file.file_s3_url)).status).toBe(403);
    const link = await ada.post('/rest/file-repository/download', { file_url: file.file_s3_url, view_mode: false });
    expect(link.status, link.text).toBe(200);
    const got = await fetch(new URL(link.json.file_url, server.url));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('Download me, please.');
    expect(got.headers.get('content-disposition')).toContain('attachment');
    const bob = await signedUp('Bob');
    expect((await bob.post('/rest/file-repository/download', { file_url: file.file_s3_url })).status).toBe(404);
    const untrusted = await ada.post('/rest/file-repository/download', { file_url: 'https://elsewhere.example/paper.pdf' });
    expect(untrusted.status).toBe(403);
    expect(untrusted.json).toMatchObject({ code: 'pdf_untrusted_origin', detail: 'PDF downloads are restricted' });
  });

  test("replaying an upload form after indexing cannot replace the indexed file's bytes", { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const original = { filename: 'ledger.txt', bytes: text('The ledger balances.') };
    const [params] = (await uploadUrls(ada, MY_FILES, [original])).json.file_url_params;
    expect((await postToBucket(server.url, params, original)).status).toBe(201);
    const res = await indexStream(ada, MY_FILES, [
      { file_s3_url: params.s3_object_url, file_size: 20, filename: original.filename, file_uuid: params.file_uuid },
    ]);
    expect((await collect(res)).at(-1)?.data.status).toBe('success');
    // The same form, still within its deadline, with other bytes of the same size.
    const replay = await postToBucket(server.url, params, original, text('The ledger is forged'));
    expect(replay.status).toBe(412);
    const link = await ada.post('/rest/file-repository/download', { file_url: params.s3_object_url, view_mode: false });
    expect(await (await fetch(new URL(link.json.file_url, server.url))).text()).toBe('The ledger balances.');
  });

  test('a malformed PDF fails alone; the rest of its batch indexes; resync indexes it again', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const { uuids, events } = await uploadAndIndex(ada, MY_FILES, [
      { filename: 'broken.pdf', bytes: malformedPdf() },
      { filename: 'fine.md', bytes: text('# Fine\n\nThe heron nests near the weir.') },
    ]);
    const last = (uuid: string) => events.filter((e) => e.data.file_uuid === uuid).at(-1)!.data;
    expect(last(uuids[0])).toMatchObject({ status: 'failure', error: 'Indexing failed' });
    expect(last(uuids[0]).detail).toMatch(/PDF/);
    expect(last(uuids[1]).status).toBe('success');
    const failed = await ada.post('/rest/files/list', { file_repository_info: MY_FILES, file_states_in_filter: ['FAILED'] });
    expect(failed.json.num_total_files).toBe(1);
    expect(failed.json.files[0]).toMatchObject({ file_uuid: uuids[0], file_state: 'FAILED', error: expect.stringMatching(/PDF/) });
    // The total comes with any page, and alone with a page past the end.
    const second = await ada.post('/rest/files/list', { file_repository_info: MY_FILES, limit: 1, offset: 1 });
    expect([second.json.files.length, second.json.num_total_files]).toEqual([1, 2]);
    const past = await ada.post('/rest/files/list', { file_repository_info: MY_FILES, offset: 5 });
    expect([past.json.files, past.json.num_total_files]).toEqual([[], 2]);
    expect((await summaryOf(ada, MY_FILES)).json).toMatchObject({ total_files: 2, error_files: 1 });
    const resync = await ada.post('/rest/files/resync', { file_repository_info: MY_FILES, filters: { status: ['FAILED'] } });
    expect(resync.status, resync.text).toBe(202);
    expect(resync.json.files.map((f: { file_uuid: string; file_state: string }) => [f.file_uuid, f.file_state])).toEqual([[uuids[0], 'PROCESSING']]);
    await expect
      .poll(async () => (await listFiles(ada, MY_FILES, { filters: { uuids: [uuids[0]] } })).json.files[0].file_state, { timeout: 10_000 })
      .toBe('FAILED');
  });

  test('uploading a name already there replaces the file: back to processing, new text indexed, old text gone', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const first = await uploadAndIndex(ada, MY_FILES, [{ filename: 'plan.txt', bytes: text('The picnic is on Saturday by the marmalade stall.') }]);
    const again = await uploadUrls(ada, MY_FILES, [{ filename: 'plan.txt', bytes: text('The picnic moved to Sunday at the quince orchard.') }]);
    expect(again.json.file_url_params[0]).toMatchObject({ file_uuid: first.uuids[0], replaces_existing: true });
    const without = await ada.post('/rest/file-repository/index-files', {
      file_repository_info: MY_FILES,
      file_index_params: [{ file_s3_url: again.json.file_url_params[0].s3_object_url, file_size: 49, filename: 'plan.txt', file_uuid: first.uuids[0] }],
    });
    // Not uploaded yet: nothing to index.
    expect(without.json.code).toBe('file_not_uploaded');
    const second = await uploadAndIndex(ada, MY_FILES, [{ filename: 'plan.txt', bytes: text('The picnic moved to Sunday at the quince orchard.') }]);
    expect(second.uuids).toEqual(first.uuids);
    expect(second.events[0].data.status).toBe('processing');
    expect((await listFiles(ada, MY_FILES)).json.files).toHaveLength(1);
    expect((await ask(ada, 'Where is the quince orchard picnic?')).some((s) => s.meta_data.file_uuid === first.uuids[0])).toBe(true);
    const passages = await sql<{ content: string }>`select content from passages where file_uuid = ${first.uuids[0]}`.execute(db);
    expect(passages.rows.map((r) => r.content).join(' ')).not.toContain('marmalade');
  });

  test('delete removes the file, its passages and its bytes; the answer no longer cites it', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const { uuids } = await uploadAndIndex(ada, MY_FILES, [{ filename: 'secret.txt', bytes: text('The zeppelin hangar code is amber falcon.') }]);
    expect((await ask(ada, 'What is the zeppelin hangar code?')).some((s) => s.meta_data.file_uuid === uuids[0])).toBe(true);
    const objectsBefore = storedObjects().length;
    const gone = await ada.post('/rest/files/delete', { file_repository_info: MY_FILES, file_uuids: uuids });
    expect(gone.status, gone.text).toBe(200);
    expect(gone.json.deleted_file_uuids).toEqual(uuids);
    expect(await count('files', sql`file_uuid = ${uuids[0]}`)).toBe(0);
    expect(Number((await sql<{ n: string }>`select count(*) as n from passages where file_uuid = ${uuids[0]}`.execute(db)).rows[0].n)).toBe(0);
    expect(storedObjects().length).toBe(objectsBefore - 1);
    expect((await ask(ada, 'What is the zeppelin hangar code?')).some((s) => s.meta_data.file_uuid === uuids[0])).toBe(false);
    expect((await deleteFiles(ada, MY_FILES, uuids)).status).toBe(404);
  });
});

describe('images and paging', () => {
  test('an image is kept as an attachment: COMPLETE without passages, downloadable as an attachment', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    const { uuids, events } = await uploadAndIndex(ada, MY_FILES, [{ filename: 'dot.png', bytes: png }]);
    expect(events.at(-1)!.data.status).toBe('success');
    const file = (await listFiles(ada, MY_FILES)).json.files[0];
    expect(file).toMatchObject({ file_uuid: uuids[0], is_attachment: true, file_state: 'COMPLETE', content_type: 'image/png', page_count: null });
    // The form handed out (FileUploadStarted), the submit, the result.
    expect(await count('events', sql`stream_id = ${`file-${uuids[0]}`}`)).toBe(3);
    const link = await ada.post('/rest/file-repository/download-attachment', { file_url: file.file_s3_url, view_mode: true });
    const got = await fetch(new URL(link.json.file_url, server.url));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
  });

  test('an image upload address: the bucket answers secure_url, readable by address', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    const res = await ada.post('/rest/uploads/create_upload_url', { filename: 'avatar.png', content_type: 'image/png', file_size: png.byteLength });
    expect(res.status, res.text).toBe(200);
    expect(res.json.rate_limited).toBe(false);
    const stored = await postToBucket(server.url, res.json, { filename: 'avatar.png', bytes: png, content_type: 'image/png' });
    expect(stored.status).toBe(201);
    const { secure_url } = (await stored.json()) as { secure_url: string };
    expect(secure_url).toBe(res.json.s3_object_url);
    expect(new Uint8Array(await (await fetch(secure_url)).arrayBuffer())).toEqual(png);
    // A GIF is an image the pipeline reads; an SVG is not. Without a size, the form takes up to FILE_MAX_MB (2 here).
    expect((await ada.post('/rest/uploads/create_upload_url', { filename: 'a.gif', content_type: 'image/gif' })).status).toBe(200);
    expect((await ada.post('/rest/uploads/create_upload_url', { filename: 'a.svg', content_type: 'image/svg+xml' })).status).toBe(400);
    expect((await ada.post('/rest/uploads/create_upload_url', { filename: 'big.png', content_type: 'image/png', file_size: 11 * 1024 * 1024 })).json.code).toBe(
      'file_too_large',
    );
  });

  test('the cursor pages through a repository newest first, with filters', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    await uploadAndIndex(
      ada,
      MY_FILES,
      ['a.txt', 'b.md', 'c.txt'].map((filename) => ({ filename, bytes: text(`words of ${filename}`) })),
    );
    const first = await listFiles(ada, MY_FILES, { pagination: { page_size: 2 } });
    expect(first.json.files).toHaveLength(2);
    const second = await listFiles(ada, MY_FILES, { pagination: { page_size: 2, cursor: first.json.next_cursor } });
    expect(second.json.next_cursor).toBeNull();
    const all = [...first.json.files, ...second.json.files];
    expect(new Set(all.map((f: { filename: string }) => f.filename))).toEqual(new Set(['a.txt', 'b.md', 'c.txt']));
    const times = all.map((f: { updated_at: string }) => f.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await listFiles(ada, MY_FILES, { filters: { file_types: ['md'] } })).json.files.map((f: { filename: string }) => f.filename)).toEqual(['b.md']);
    expect((await listFiles(ada, MY_FILES, { filters: { search_keyword: 'C.T' } })).json.files.map((f: { filename: string }) => f.filename)).toEqual(['c.txt']);
    expect((await listFiles(ada, MY_FILES, { filters: { connection_ids: ['x'] } })).json.files).toEqual([]);
    expect((await listFiles(ada, MY_FILES, { pagination: { cursor: 'not-a-cursor' } })).json.code).toBe('invalid_cursor');
    const byName = await listFiles(ada, MY_FILES, { order_by: 'name', order_dir: 'asc', pagination: { page_size: 1 } });
    const next = await listFiles(ada, MY_FILES, { order_by: 'name', order_dir: 'asc', pagination: { page_size: 5, cursor: byName.json.next_cursor } });
    expect([...byName.json.files, ...next.json.files].map((f: { filename: string }) => f.filename)).toEqual(['a.txt', 'b.md', 'c.txt']);
  });
});

describe('bad input stores nothing', () => {
  test('unsupported type, too large, empty; signed out 401; oversize at storage refused', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    const filesBefore = await count('files');
    const objectsBefore = storedObjects().length;
    const exe = await uploadUrls(ada, MY_FILES, [{ filename: 'tool.exe', bytes: text('MZ') }]);
    expect(exe.status).toBe(400);
    expect(exe.json.code).toBe('unsupported_file_type');
    expect(exe.json.detail).toContain('tool.exe');
    const big = await uploadUrls(ada, MY_FILES, [{ filename: 'big.csv', bytes: new Uint8Array(3 * 1024 * 1024) }]);
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ code: 'file_too_large', detail: 'big.csv is larger than 2 MB, the most a file may be.' });
    expect((await uploadUrls(ada, MY_FILES, [{ filename: 'empty.txt', bytes: new Uint8Array(0) }])).json.code).toBe('empty_file');
    expect((await uploadUrls(await visitor(server.url), MY_FILES, [{ filename: 'a.txt', bytes: text('a') }])).status).toBe(401);
    expect(
      (
        await uploadUrls(
          ada,
          MY_FILES,
          Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.txt`, bytes: text('a') })),
        )
      ).status,
    ).toBe(400);

    // The policy allows exactly the declared size: more bytes are refused at the bucket.
    const small = { filename: 'small.txt', bytes: text('tiny') };
    const urls = await uploadUrls(ada, MY_FILES, [small]);
    const refused = await postToBucket(server.url, urls.json.file_url_params[0], small, text('much more than tiny'));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(storedObjects().length).toBe(objectsBefore);
    expect(await count('files')).toBe(filesBefore);
  });

  test('plan limits: the batch stops at the repository limit with the seeds’ text', { timeout: 30_000 }, async () => {
    const ada = await signedUp('Ada');
    await uploadAndIndex(
      ada,
      MY_FILES,
      [1, 2, 3].map((i) => ({ filename: `n${i}.txt`, bytes: text(`note ${i}`) })),
    );
    const urls = await uploadUrls(
      ada,
      MY_FILES,
      [4, 5].map((i) => ({ filename: `n${i}.txt`, bytes: text(`note ${i}`) })),
    );
    expect(urls.json.file_url_params).toHaveLength(1);
    expect(urls.json.limits_reached).toEqual([
      { code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit: 4, message: 'You have reached the file limit of 4 files per repository.' },
    ]);
    // A replacement is not a new file: it still fits.
    expect((await uploadUrls(ada, MY_FILES, [{ filename: 'n1.txt', bytes: text('note one') }])).json.limits_reached).toEqual([]);
  });
});

describe('Space files', () => {
  test('an editor uploads; a reader lists and downloads but may not upload or delete; asking in the Space cites the file', { timeout: 60_000 }, async () => {
    const ada = await signedUp('Ada');
    const bobEmail = `bob.files.${++n}.${Date.now()}@example.com`;
    const bob = await signedUp('Bob', bobEmail);
    const space = (await ada.post('/rest/collections/create_collection', { title: 'Field notes' })).json;
    const repo: Repo = { file_repository_type: 'COLLECTION', owner_id: space.uuid };
    const { uuids } = await uploadAndIndex(ada, repo, [
      { filename: 'otters.md', bytes: text('# Otters\n\nOtters hold hands while sleeping so they do not drift apart.') },
    ]);
    const files = await ada.get(`/rest/collections/${space.uuid}/files`);
    expect(files.json).toEqual({
      files: [expect.objectContaining({ file_uuid: uuids[0], name: 'otters.md', status: 'READY', connection_type: 'local' })],
      files_in_repo: 1,
    });

    expect((await bob.get(`/rest/collections/${space.uuid}/files`)).status).toBe(404);
    await ada.post(`/rest/collections/${space.uuid}/members`, { email: bobEmail, role: 'READER' });
    await bob.post(`/rest/collections/${space.uuid}/members/accept`, {});
    expect((await listFiles(bob, repo)).json.files.map((f: { file_uuid: string }) => f.file_uuid)).toEqual(uuids);
    const upload = await uploadUrls(bob, repo, [{ filename: 'mine.txt', bytes: text('mine') }]);
    expect(upload.status).toBe(403);
    expect(upload.json).toMatchObject({ code: 'upload_not_allowed', detail: 'Unable to upload files.' });
    const del = await deleteFiles(bob, repo, uuids);
    expect(del.json).toMatchObject({ code: 'delete_not_allowed', detail: 'Unable to delete files.' });
    const file = (await listFiles(bob, repo)).json.files[0];
    expect((await bob.post('/rest/file-repository/download', { file_url: file.file_s3_url })).status).toBe(200);

    const events = await collect(await askStream(server.url, ada, { query_str: 'Why do otters hold hands?', collection_uuid: space.uuid }));
    expect(events.find((e) => e.event === 'sources')!.data.sources.some((s: { meta_data: { file_uuid?: string } }) => s.meta_data.file_uuid === uuids[0])).toBe(
      true,
    );

    // The Bookmarks collection has no owner: nothing to upload to.
    expect((await uploadUrls(ada, { file_repository_type: 'COLLECTION', owner_id: null }, [{ filename: 'a.txt', bytes: text('a') }])).status).toBe(404);

    // Deleting the Space deletes its files.
    expect((await ada.send('DELETE', `/rest/collections/delete_collection/${space.uuid}`)).status).toBeLessThan(300);
    expect(await count('files', sql`repo_owner = ${space.uuid}`)).toBe(0);
  });
});

describe('organisation files', () => {
  test('members only; another organisation gets the seeds’ denial; admins can turn downloads off', { timeout: 60_000 }, async () => {
    const ada = await signedUp('Ada');
    const org = await ada.post('/rest/organizations', { name: `Acme ${n}` });
    expect(org.status, org.text).toBe(201);
    const orgRepo: Repo = { file_repository_type: 'ORG' };
    const { uuids } = await uploadAndIndex(ada, orgRepo, [{ filename: 'policy.txt', bytes: text('Expenses need a receipt.') }]);
    const file = (await listFiles(ada, orgRepo)).json.files[0];
    expect(file).toMatchObject({ file_uuid: uuids[0], file_repository_info: { file_repository_type: 'ORG', owner_id: org.json.uuid } });

    const bob = await signedUp('Bob');
    const notMember = await listFiles(bob, orgRepo);
    expect(notMember.status).toBe(403);
    expect(notMember.json.code).toBe('enterprise_only');
    await bob.post('/rest/organizations', { name: `Other ${n}` });
    const other = await bob.post('/rest/file-repository/download', { file_url: file.file_s3_url });
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ code: 'different_organization', detail: 'This file belongs to a different organization' });
    expect((await listFiles(bob, { file_repository_type: 'ORG', owner_id: org.json.uuid })).status).toBe(404);

    expect((await ada.get(`/rest/organizations/${org.json.uuid}/file-settings`)).json).toEqual({ downloads_disabled: false });
    expect((await bob.get(`/rest/organizations/${org.json.uuid}/file-settings`)).status).toBe(404);
    const off = await ada.send('PUT', `/rest/organizations/${org.json.uuid}/file-settings`, { json: { downloads_disabled: true } });
    expect(off.json).toEqual({ downloads_disabled: true });
    const denied = await ada.post('/rest/file-repository/download', { file_url: file.file_s3_url });
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: 'downloads_disabled', detail: 'Downloads are disabled for files in this organization.' });
  });
});

test('rebuilding the read models from the log gives the same files', { timeout: 30_000 }, async () => {
  const snapshot = () =>
    sql`select file_uuid, repo_type, repo_owner, filename, file_title, file_description, file_state, error, version, page_count, passage_count from files order by file_uuid`
      .execute(db)
      .then((r) => r.rows);
  const before = await snapshot();
  expect(before.length).toBeGreaterThan(0);
  await rebuildProjections(new EventStore(db, projections), 3);
  expect(await snapshot()).toEqual(before);
});

test('an upload form handed out counts toward the limit until indexed: no second form past it, and the first indexes', { timeout: 30_000 }, async () => {
  const ada = await signedUp('Ada');
  await uploadAndIndex(
    ada,
    MY_FILES,
    [1, 2, 3].map((i) => ({ filename: `m${i}.txt`, bytes: text(`memo ${i}`) })),
  );
  // One more file fits; its form, pending, takes the last place (before, a second form was handed out too).
  const a = { filename: 'a.txt', bytes: text('first') };
  const b = { filename: 'b.txt', bytes: text('second') };
  const [ua] = (await uploadUrls(ada, MY_FILES, [a])).json.file_url_params;
  const second = await uploadUrls(ada, MY_FILES, [b]);
  expect(second.json.file_url_params).toEqual([]);
  expect(second.json.limits_reached).toEqual([
    { code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit: 4, message: 'You have reached the file limit of 4 files per repository.' },
  ]);
  expect((await postToBucket(server.url, ua, a)).status).toBeLessThan(300);
  const item = { file_s3_url: ua.s3_object_url, file_size: a.bytes.byteLength, filename: a.filename, file_uuid: ua.file_uuid };
  expect((await ada.post('/rest/file-repository/index-files', { file_repository_info: MY_FILES, file_index_params: [item] })).status).toBe(202);
  expect(await count('files', sql`uploaded_by_user_id = (select uploaded_by_user_id from files where file_uuid = ${ua.file_uuid})`)).toBe(4);
});
