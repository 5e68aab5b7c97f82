// The mock file repositories follow the contract (spec/paths/files.yaml): upload addresses with
// limits, the bucket, indexing over SSE to COMPLETE or FAILED, both list forms, summary, deletes,
// resync, downloads with their denials, the file view, Space files and organisation settings.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  FileListPage,
  FileOffsetListPage,
  FileRepositoryInfo,
  FileRepositorySummary,
  FileUploadUrlsResponse,
  FileView,
  RepositoryFile,
  SpaceFileList,
} from '../generated/react-query/model';
import { MOCK_FILE_LIMITS } from './files';
import { setupMocks } from './node';
import { DEMO_ACCOUNT, DEMO_ORG, ENTERPRISE_ACCOUNT, FREE_PLAN_FIELDS } from './scenarios';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('signed-in'));
afterAll(mocks.close);

const base = 'http://app.test';
const call = (method: string, path: string, body?: object) =>
  fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
const USER: FileRepositoryInfo = { file_repository_type: 'USER' };
const ORG: FileRepositoryInfo = { file_repository_type: 'ORG' };

/** Uploads files through the whole flow and returns the SSE text of their indexing. */
async function upload(names: string[], repo: FileRepositoryInfo = USER) {
  const bodies = names.map((n) => new Blob([`Hello from ${n}.\n\nA second paragraph.`], { type: 'text/plain' }));
  const urls = await json<FileUploadUrlsResponse>(
    call('POST', '/rest/file-repository/get-file-upload-urls', {
      file_repository_info: repo,
      file_upload_params: names.map((filename, i) => ({ filename, content_type: '', file_size: bodies[i]!.size })),
    }),
  );
  for (const [i, form] of urls.file_url_params.entries()) {
    const data = new FormData();
    for (const [k, v] of Object.entries(form.fields)) data.append(k, v);
    data.append('file', bodies[i]!, names[i]);
    const res = await fetch(form.s3_bucket_url, { method: 'POST', body: data });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ secure_url: form.s3_object_url });
  }
  const params = urls.file_url_params.map((f, i) => ({
    file_s3_url: f.s3_object_url,
    file_size: bodies[i]!.size,
    filename: names[i]!,
    file_uuid: f.file_uuid,
    replace_existing: f.replaces_existing,
  }));
  const sse = params.length ? await (await call('POST', '/rest/sse/index_files', { file_repository_info: repo, file_index_params: params })).text() : '';
  return {
    urls,
    sse,
    events: [...sse.matchAll(/event: message\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!) as { filename: string; status: string; error?: string }),
  };
}

const list = (body: object) => json<FileOffsetListPage>(call('POST', '/rest/files/list', { file_repository_info: USER, ...body }));

describe('mock files', () => {
  it('uploads, streams processing then success, and a "broken" file fails with Indexing failed', async () => {
    const { events } = await upload(['notes.md', 'broken-scan.pdf']);
    expect(events.filter((e) => e.filename === 'notes.md').map((e) => e.status)).toEqual(['processing', 'success']);
    expect(events.filter((e) => e.filename === 'broken-scan.pdf')).toEqual([
      expect.objectContaining({ status: 'processing' }),
      expect.objectContaining({ status: 'failure', error: 'Indexing failed' }),
    ]);
    const all = await list({});
    expect(all.files.map((f) => [f.filename, f.file_state, f.uploaded_by])).toEqual(
      expect.arrayContaining([
        ['notes.md', 'COMPLETE', DEMO_ACCOUNT.email],
        ['broken-scan.pdf', 'FAILED', DEMO_ACCOUNT.email],
      ]),
    );
    expect(await json<FileRepositorySummary>(call('POST', '/rest/file-repository/summary', { file_repository_info: USER }))).toEqual({
      total_files: 2,
      pending_files: 0,
      error_files: 1,
      total_uploads: 2,
    });
  });

  it('refuses unsupported types and indexing before the bytes are stored', async () => {
    expect(
      await json(
        call('POST', '/rest/file-repository/uploads', {
          file_repository_info: USER,
          file_upload_params: [{ filename: 'a.exe', content_type: '', file_size: 1 }],
        }),
      ),
    ).toMatchObject({ status: 400, code: 'unsupported_file_type' });
    const urls = await json<FileUploadUrlsResponse>(
      call('POST', '/rest/file-repository/uploads', {
        file_repository_info: USER,
        file_upload_params: [{ filename: 'a.txt', content_type: 'text/plain', file_size: 3 }],
      }),
    );
    const f = urls.file_url_params[0]!;
    const res = await call('POST', '/rest/file-repository/index-files', {
      file_repository_info: USER,
      file_index_params: [{ file_s3_url: f.s3_object_url, file_size: 3, filename: 'a.txt', file_uuid: f.file_uuid }],
    });
    expect(await json(res)).toMatchObject({ status: 400, code: 'file_not_uploaded' });
  });

  it('reports the repository limit with the seed text and gives forms only for the files that fit', async () => {
    const limit = MOCK_FILE_LIMITS.free.per_repository;
    const names = Array.from({ length: limit - 1 }, (_, i) => `doc-${i}.txt`);
    await upload(names.slice(0, 9));
    const more = await json<FileUploadUrlsResponse>(
      call('POST', '/rest/file-repository/get-file-upload-urls', {
        file_repository_info: USER,
        file_upload_params: [
          { filename: 'x.txt', content_type: '', file_size: 1 },
          { filename: 'y.txt', content_type: '', file_size: 1 },
        ],
      }),
    );
    expect(more.file_url_params).toHaveLength(1);
    expect(more.limits_reached).toEqual([
      { code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit, message: `You have reached the file limit of ${limit} files per repository.` },
    ]);
    // A file already there is replaced, not counted.
    const again = await json<FileUploadUrlsResponse>(
      call('POST', '/rest/file-repository/get-file-upload-urls', {
        file_repository_info: USER,
        file_upload_params: [{ filename: 'doc-0.txt', content_type: '', file_size: 1 }],
      }),
    );
    expect(again.file_url_params[0]).toMatchObject({ replaces_existing: true });
  });

  it('lists by cursor with filters and by offset with states and uploader emails', async () => {
    await upload(['a.md', 'b.md', 'c.txt']);
    const first = await json<FileListPage>(
      call('POST', '/rest/file-repository/list-files', { file_repository_info: USER, pagination: { page_size: 2 }, order_by: 'name', order_dir: 'asc' }),
    );
    expect(first.files.map((f) => f.filename)).toEqual(['a.md', 'b.md']);
    const second = await json<FileListPage>(
      call('POST', '/rest/file-repository/list-files', {
        file_repository_info: USER,
        pagination: { page_size: 2, cursor: first.next_cursor },
        order_by: 'name',
        order_dir: 'asc',
      }),
    );
    expect(second).toMatchObject({ files: [{ filename: 'c.txt' }], next_cursor: null });
    const mds = await json<FileListPage>(
      call('POST', '/rest/file-repository/list-files', { file_repository_info: USER, filters: { file_types: ['md'], search_keyword: 'B' } }),
    );
    expect(mds.files.map((f) => f.filename)).toEqual(['b.md']);
    expect((await list({ file_states_in_filter: ['COMPLETE'], limit: 1 })).num_total_files).toBe(3);
    expect((await list({ file_states_in_filter: ['FAILED'] })).files).toEqual([]);
    expect((await list({ email_in_filter: ['someone@else.example'] })).num_total_files).toBe(0);
    expect((await list({ search_term: 'C.T' })).files.map((f) => f.filename)).toEqual(['c.txt']);
  });

  it('deletes all or nothing, at both paths', async () => {
    await upload(['one.txt', 'two.txt']);
    const [a, b] = (await list({})).files as [RepositoryFile, RepositoryFile];
    expect(await json(call('POST', '/rest/files/delete', { file_repository_info: USER, file_uuids: [a.file_uuid, crypto.randomUUID()] }))).toMatchObject({
      status: 404,
    });
    expect((await list({})).num_total_files).toBe(2);
    expect(await json(call('POST', '/rest/file-repository/delete-files', { file_repository_info: USER, file_uuids: [a.file_uuid] }))).toEqual({
      deleted_file_uuids: [a.file_uuid],
    });
    expect(await json(call('POST', '/rest/files/delete', { file_repository_info: USER, file_uuids: [b.file_uuid] }))).toEqual({
      deleted_file_uuids: [b.file_uuid],
    });
    expect((await list({})).num_total_files).toBe(0);
  });

  it('resyncs a failed file back to PROCESSING', async () => {
    await upload(['broken.txt']);
    const failed = (await list({ file_states_in_filter: ['FAILED'] })).files[0]!;
    const res = await call('POST', '/rest/files/resync', { file_repository_info: USER, filters: { uuids: [failed.file_uuid] } });
    expect(res.status).toBe(202);
    expect((await json<{ files: RepositoryFile[] }>(res)).files.map((f) => f.file_state)).toEqual(['PROCESSING']);
    const sse = await (await call('GET', `/rest/sse/index_files?file_uuids=${failed.file_uuid}`)).text();
    expect(sse).toContain('"status":"failure"');
  });

  it('downloads a readable file, refuses untrusted PDFs, and opens a file at a page', async () => {
    await upload(['readme.md']);
    const f = (await list({})).files[0]!;
    const res = await json<{ file_url: string }>(call('POST', '/rest/file-repository/download', { file_url: f.file_s3_url, view_mode: false }));
    expect(res.file_url).toMatch(/^blob:/);
    expect(await json(call('POST', '/rest/file-repository/download', { file_url: 'https://elsewhere.example/x.pdf' }))).toMatchObject({
      status: 403,
      code: 'pdf_untrusted_origin',
      detail: 'PDF downloads are restricted',
    });
    const view = await json<FileView>(call('GET', `/rest/file-repository/files/${f.file_uuid}`));
    expect(view.passages.map((p) => p.content)).toEqual(['Hello from readme.md.', 'A second paragraph.']);
    expect((await call('GET', `/rest/file-repository/files/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('keeps organisation files to Enterprise members; admins turn downloads off', async () => {
    // As the server: organisation files are for Enterprise members (services/files/repository-access.ts).
    expect(await json(call('POST', '/rest/files/list', { file_repository_info: ORG }))).toMatchObject({ status: 403, code: 'enterprise_only' });
    const orgFile = mocks.scenario.state.files; // empty in this scenario
    expect(orgFile).toEqual([]);
    mocks.reset('enterprise');
    const files = await json<FileOffsetListPage>(call('POST', '/rest/files/list', { file_repository_info: ORG }));
    expect(files.num_total_files).toBe(2);
    const pdf = files.files.find((f) => f.file_type === 'pdf')!;
    expect(await json(call('PUT', `/rest/organizations/${DEMO_ORG.uuid}/file-settings`, { downloads_disabled: true }))).toEqual({ downloads_disabled: true });
    expect(await json(call('POST', '/rest/file-repository/download', { file_url: pdf.file_s3_url }))).toMatchObject({
      status: 403,
      code: 'downloads_disabled',
      detail: 'Downloads are disabled for files in this organization.',
    });
    // Another member who is not an admin reads the settings but may not change them.
    mocks.scenario.state.accounts.push({
      user: {
        id: 'user-kay',
        name: 'Kay',
        email: 'kay@enterprise.example',
        email_verified: true,
        org_uuid: DEMO_ORG.uuid,
        subscription_status: 'none',
        ...FREE_PLAN_FIELDS,
      },
      password: 'x',
    });
    mocks.scenario.state.signedInId = 'user-kay';
    expect(await json(call('GET', `/rest/organizations/${DEMO_ORG.uuid}/file-settings`))).toEqual({ downloads_disabled: true });
    expect(await json(call('PUT', `/rest/organizations/${DEMO_ORG.uuid}/file-settings`, { downloads_disabled: false }))).toMatchObject({
      status: 403,
      code: 'not_org_admin',
    });
    // Someone of another organisation is told the file is not theirs.
    mocks.scenario.state.accounts.push({
      user: {
        id: 'user-lee',
        name: 'Lee',
        email: 'lee@other.example',
        email_verified: true,
        org_uuid: 'org-other',
        subscription_status: 'none',
        ...FREE_PLAN_FIELDS,
      },
      password: 'x',
    });
    mocks.scenario.state.signedInId = 'user-lee';
    expect(await json(call('POST', '/rest/file-repository/download', { file_url: pdf.file_s3_url }))).toMatchObject({
      status: 403,
      code: 'different_organization',
    });
    expect(ENTERPRISE_ACCOUNT.org_uuid).toBe(DEMO_ORG.uuid);
  });

  it('lets Space editors upload and readers only list; Space files show READY or SYNC_ERROR', async () => {
    const space = await json<{ uuid: string }>(call('POST', '/rest/collections/create_collection', { title: 'Files here' }));
    const repo: FileRepositoryInfo = { file_repository_type: 'COLLECTION', owner_id: space.uuid };
    await upload(['paper.txt', 'broken.md'], repo);
    const shown = await json<SpaceFileList>(call('GET', `/rest/collections/${space.uuid}/files`));
    expect(shown.files_in_repo).toBe(2);
    expect(shown.files.map((f) => [f.name, f.status, f.connection_type]).sort()).toEqual([
      ['broken.md', 'SYNC_ERROR', 'local'],
      ['paper.txt', 'READY', 'local'],
    ]);
    expect(
      await json(
        call('POST', '/rest/file-repository/get-file-upload-urls', {
          file_repository_info: { file_repository_type: 'COLLECTION' },
          file_upload_params: [{ filename: 'a.txt', content_type: '', file_size: 1 }],
        }),
      ),
    ).toMatchObject({ status: 404, code: 'repository_not_found' }); // the Bookmarks collection has no files, as on the server

    // Grace reads the Space by link, so she lists but may not upload or delete.
    await call('PUT', `/rest/collections/${space.uuid}/access`, { updated_access: 2 });
    mocks.scenario.state.signedInId = ENTERPRISE_ACCOUNT.id;
    expect((await json<SpaceFileList>(call('GET', `/rest/collections/${space.uuid}/files`))).files_in_repo).toBe(2);
    expect(
      await json(
        call('POST', '/rest/file-repository/get-file-upload-urls', {
          file_repository_info: repo,
          file_upload_params: [{ filename: 'a.txt', content_type: '', file_size: 1 }],
        }),
      ),
    ).toMatchObject({ status: 403, detail: 'Unable to upload files.' });
    expect(await json(call('POST', '/rest/files/delete', { file_repository_info: repo, file_uuids: [shown.files[0]!.file_uuid] }))).toMatchObject({
      status: 403,
      detail: 'Unable to delete files.',
    });
  });

  it('answers 401 to visitors', async () => {
    mocks.reset('anonymous');
    expect(await json(call('POST', '/rest/files/list', { file_repository_info: USER }))).toMatchObject({ status: 401 });
  });
});
